import type { Config } from '@herald/config';
import { Database } from '@herald/db';
import { CachedEventCatalogue, EventRules, templateChannelsOf, categoryDeclaredIn, bundleAcceptedEvents } from '@herald/intake';
import type { Logger } from '@herald/logger';
import { openMessageQueue, TopologyNames } from '@herald/messaging';
import type { DependencyCheck, ProcessHealth } from '@herald/metrics';
import { webhookTargetResolver } from '@herald/net-guard';
import { OutboxRelay, outboxRelayOptions } from '@herald/outbox';
import { consumerHealth, HttpDrain } from '@herald/runtime';
import { SecretBox } from '@herald/secrets';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiAreas } from './areas';
import { builtConsoleDir, consoleSite } from './console/console-site';
import { PortalSettingsRepository } from './portal/portal-settings.repository';
import { SystemProject } from './projects/system-project';
import { answerClientErrorsAsJson } from './http/client-error';
import { expressServer } from './http/express-server';
import { createApp } from './http/create-app';
import type { Infrastructure } from './shared/infrastructure';
import type { AreaJob } from './shared/periodic-job';

export interface RunningApi {
  port: number;
  baseUrl: string;
  db: Database;
  relay: OutboxRelay;
  /** Writes the request counts gathered so far (also done every 10 s and at stop). */
  flushUsage(): Promise<void>;
  /** Folds the analytics deltas into the hourly rollup now (also done every 5 s). */
  compactRollup(): Promise<void>;
  /** Overwrites the links of settled or expired magic-link emails now (also done every 10 s). */
  scrubMagicLinks(): Promise<void>;
  /** The same for invitation emails. */
  scrubInvitationLinks(): Promise<void>;
  /** Drops expired consumer portal codes and sessions now (also done every minute). */
  purgePortalSessions(): Promise<void>;
  /** Readiness (database and queue answer; liveness needs neither) and the platform gauges. */
  health: ProcessHealth;
  stop(): Promise<void>;
}

/**
 * The api accepts events into PostgreSQL (event and outbox row in one statement) and relays them
 * when it can, so it needs the database to serve, not the queue: while only the broker is down it
 * stays in its Service, degraded, and keeps taking events durably; the relay publishes them once
 * the broker is back. Taking every api pod out during a broker outage would refuse events that
 * could have been kept.
 */
function intakeReadiness(health: ProcessHealth): () => Promise<DependencyCheck[]> {
  return async () => ((await health.ready?.()) ?? []).map((check) => (check.name === 'queue' ? { ...check, required: false } : check));
}

/**
 * The composition root: PostgreSQL, RabbitMQ (in the background), the outbox relay and the rules
 * every area shares are built once here; each area of areas.ts builds itself from them; their
 * jobs start before the server listens and stop before the database closes.
 */
export async function startApi(config: Config, logger: Logger): Promise<RunningApi> {
  const db = await Database.connect(config.DATABASE_URL, config.DB_POOL_SIZE);
  const names = new TopologyNames(config.AMQP_NAMESPACE);
  const broker = await openMessageQueue(config, logger, 'api');
  // Accepted events, and deliveries requeued from the dead-letter store.
  const exchanges = [names.eventsExchange, names.deliveriesExchange];
  const relay = new OutboxRelay(
    db,
    broker,
    logger,
    outboxRelayOptions(config, exchanges, bundleAcceptedEvents(config.OUTBOX_EVENTS_PER_MESSAGE)),
  );
  relay.start();

  const eventCatalogue = new CachedEventCatalogue(db);
  const infrastructure: Infrastructure = {
    db,
    broker,
    names,
    config,
    logger,
    onCommitted: () => relay.kick(),
    eventRules: new EventRules(webhookTargetResolver(config), templateChannelsOf(db), categoryDeclaredIn(db), eventCatalogue),
    eventCatalogue,
    systemProject: new SystemProject(db, new SecretBox(config.secretsKey)),
  };
  const areas = apiAreas(infrastructure);
  const jobs = areas.flatMap((area) => area.jobs ?? []);
  for (const job of jobs) await job.start();
  const runOnce = (name: string) => jobNamed(jobs, name).runOnce?.() ?? Promise.resolve();

  const portalSettings = new PortalSettingsRepository(db);
  const portalOrigins = async (projectId: string) => (await portalSettings.get(projectId)).allowed_origins;
  const app = createApp({ config, logger, areas, site: consoleSite(builtConsoleDir(), portalOrigins) });
  const timeouts = { headersMs: config.HTTP_HEADERS_TIMEOUT_MS, requestMs: config.HTTP_REQUEST_TIMEOUT_MS };
  const server: Server = await new Promise((resolve) => {
    const s = expressServer(app, timeouts).listen(config.PORT, () => resolve(s));
  });
  server.keepAliveTimeout = 65_000;
  answerClientErrorsAsJson(server, timeouts);
  const drain = new HttpDrain(server);
  const port = (server.address() as AddressInfo).port;
  logger.info('api listening', { port });

  return {
    port,
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    db,
    relay,
    flushUsage: () => runOnce('usage flush'),
    compactRollup: () => runOnce('analytics rollup compaction'),
    scrubMagicLinks: () => runOnce('magic-link scrub'),
    scrubInvitationLinks: () => runOnce('invitation link scrub'),
    purgePortalSessions: () => runOnce('portal session purge'),
    health: {
      // The api consumes nothing: only readiness, so a database or broker outage never restarts it.
      ready: intakeReadiness(consumerHealth({ db, queue: broker, stallMs: config.LIVENESS_STALL_MS })),
      scrapeHooks: areas.flatMap((area) => area.scrapeHooks ?? []),
    },
    async stop() {
      const drained = drain.close();
      // Long-lived responses (live streams) end only when told; the drain would wait on them.
      for (const job of jobs) await job.drain?.();
      await drained;
      // The usage flush at stop writes the last counts: jobs stop before the database closes.
      for (const job of jobs) await job.stop();
      await relay.stop();
      await broker.close();
      await db.close();
    },
  };
}

/** The test hooks of RunningApi name jobs; a renamed job fails loudly here rather than doing nothing. */
function jobNamed(jobs: AreaJob[], name: string): AreaJob {
  const job = jobs.find((j) => j.name === name);
  if (!job) throw new Error(`no api job named ${name}`);
  return job;
}
