import type { Config } from '@herald/config';
import { Database } from '@herald/db';
import type { Logger } from '@herald/logger';
import { Broker, TopologyNames } from '@herald/messaging';
import { AddressPolicy } from '@herald/net-guard';
import { OutboxRelay } from '@herald/outbox';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TemplateRepository } from './data/template.repository';
import { TenantRepository } from './data/tenant.repository';
import { ApiKeyAuthenticator } from './domain/api-key-authenticator';
import { EventRules } from './domain/event-rules';
import { createApp } from './http/create-app';

export interface RunningApi {
  port: number;
  baseUrl: string;
  db: Database;
  relay: OutboxRelay;
  stop(): Promise<void>;
}

/** Wires the gateway: PostgreSQL, RabbitMQ (in the background), the outbox relay and the HTTP server. */
export async function startApi(config: Config, logger: Logger): Promise<RunningApi> {
  const db = await Database.connect(config.DATABASE_URL, config.DB_POOL_SIZE);
  const names = new TopologyNames(config.AMQP_NAMESPACE);
  const broker = await Broker.start({ url: config.AMQP_URL, names, retryPolicies: config.retryPolicies, logger, connectionName: 'api' });
  const relay = new OutboxRelay(db, broker, logger, {
    exchanges: [names.eventsExchange],
    batchSize: config.OUTBOX_BATCH_SIZE,
    pollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS,
  });
  relay.start();

  const templates = new TemplateRepository(db);
  const app = createApp({
    db,
    broker,
    logger,
    authenticator: new ApiKeyAuthenticator(new TenantRepository(db), config.API_KEY_CACHE_TTL_MS),
    intake: {
      db,
      names,
      rules: new EventRules(new AddressPolicy(config.SSRF_ALLOW_CIDRS), (projectId, ref) => templates.channelsOf(projectId, ref)),
      onCommitted: () => relay.kick(),
    },
    validateResponses: config.VALIDATE_RESPONSES,
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(config.PORT, () => resolve(s));
  });
  server.keepAliveTimeout = 65_000;
  const port = (server.address() as AddressInfo).port;
  logger.info('api listening', { port });

  return {
    port,
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    db,
    relay,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await relay.stop();
      await broker.close();
      await db.close();
    },
  };
}
