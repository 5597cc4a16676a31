import type { Config } from '@herald/config';
import { Database } from '@herald/db';
import type { Logger } from '@herald/logger';
import { openMessageQueue, TopologyNames } from '@herald/messaging';
import { AddressPolicy, TargetResolver } from '@herald/net-guard';
import { OutboxRelay } from '@herald/outbox';
import { HttpDrain } from '@herald/runtime';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BatchedEventWriter, bundleAcceptedEvents, EventRules, templateChannelsOf } from '@herald/intake';
import { authArea, MAGIC_LINK_SCRUB_INTERVAL_MS } from './auth/auth.area';
import { oauthArea } from './oauth/oauth.area';
import { adminArea } from './admin/admin.area';
import { organizationsArea } from './organizations/organizations.area';
import { AnalyticsRepository } from './analytics/analytics.repository';
import { UsageRepository } from './usage/usage.repository';
import { ApiKeyAuthenticator } from './api-keys/api-key-authenticator';
import { ApiKeyChangesListener } from './api-keys/api-key-changes.listener';
import { ApiKeyRepository } from './api-keys/api-key.repository';
import { UseRecorder } from './api-keys/api-key-use.recorder';
import { ApiKeysService } from './api-keys/api-keys.service';
import { ProjectsService } from './projects/projects.service';
import { SecretBox } from '@herald/secrets';
import { UsageMeter } from './usage/usage-meter';
import { answerClientErrorsAsJson } from './http/client-error';
import { createApp, type ProjectPlaneAreas } from './http/create-app';
import { AnalyticsService } from './analytics/analytics.service';
import { AuditLogRepository } from './audit/audit-log.repository';
import { DeadLetterRepository } from './dead-letters/dead-letter.repository';
import { deadLettersService } from './dead-letters/dead-letters.wiring';
import type { EventIntake } from './events/create-event.use-case';
import { EventRepository } from './events/event.repository';
import { guardedFetchText } from './feedback/guarded-web.client';
import { SesFeedbackRepository } from './feedback/ses-feedback.repository';
import { SnsSignatureVerifier } from './feedback/sns-signature.verifier';
import { NotificationRepository } from './notifications/notification.repository';
import { MembershipRepository } from './organizations/membership.repository';
import { ScheduledEventRepository } from './scheduled-events/scheduled-event.repository';
import { ScheduledEventsService } from './scheduled-events/scheduled-events.service';
import { SuppressionRepository } from './suppressions/suppression.repository';
import { SuppressionsService } from './suppressions/suppressions.service';
import { TemplateRepository } from './templates/template.repository';
import { TemplatesService } from './templates/templates.service';
import { PeriodicJob } from './shared/periodic-job';
import { PlatformHealthCheck } from './health/platform-health';
import { platformGauges } from './health/platform-gauges';
import type { DependencyCheck, ProcessHealth } from '@herald/metrics';
import { consumerHealth } from '@herald/runtime';

/** How often each api process adds its in-memory request counts to usage_hourly. */
const USAGE_FLUSH_INTERVAL_MS = 10_000;
/** How often the notification count deltas are folded into the hourly rollup (any api process may; one at a time). */
const ROLLUP_COMPACT_INTERVAL_MS = 5_000;

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
  /** Readiness (database and queue answer; liveness needs neither) and the platform gauges. */
  health: ProcessHealth;
  stop(): Promise<void>;
}

/** Wires the gateway: PostgreSQL, RabbitMQ (in the background), the outbox relay and the HTTP server. */
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

export async function startApi(config: Config, logger: Logger): Promise<RunningApi> {
  const db = await Database.connect(config.DATABASE_URL, config.DB_POOL_SIZE);
  const names = new TopologyNames(config.AMQP_NAMESPACE);
  const broker = await openMessageQueue(config, logger, 'api');
  const relay = new OutboxRelay(db, broker, logger, {
    // Accepted events, and deliveries requeued from the dead-letter store.
    exchanges: [names.eventsExchange, names.deliveriesExchange],
    batchSize: config.OUTBOX_BATCH_SIZE,
    pollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS,
    batchBytes: config.OUTBOX_BATCH_BYTES,
    maxMessageBytes: config.OUTBOX_MAX_MESSAGE_BYTES,
    bundle: bundleAcceptedEvents(config.OUTBOX_EVENTS_PER_MESSAGE),
  });
  relay.start();

  const usage = new UsageMeter(new UsageRepository(db), logger);
  usage.start(USAGE_FLUSH_INTERVAL_MS);
  const rollup = new PeriodicJob('analytics rollup compaction', () => AnalyticsRepository.compact(db), logger);
  rollup.start(ROLLUP_COMPACT_INTERVAL_MS);
  const auth = authArea({ db, config, names, logger, onCommitted: () => relay.kick() });
  auth.scrub.start(MAGIC_LINK_SCRUB_INTERVAL_MS);
  const apiKeys = new ApiKeyRepository(db);
  const keyChanges = new ApiKeyChangesListener(config.DATABASE_URL, logger);
  const uses = new UseRecorder(apiKeys, (err) => logger.warn('api key last_used_at not written', { error: err.message }));
  const authenticator = new ApiKeyAuthenticator(apiKeys, config.API_KEY_CACHE_TTL_MS, uses, keyChanges);
  await keyChanges.start(authenticator);
  const oauth = oauthArea({ db, config, logger });
  const organizations = organizationsArea({ db, config, names, logger, onCommitted: () => relay.kick() });
  organizations.scrub.start(MAGIC_LINK_SCRUB_INTERVAL_MS);
  const intake: EventIntake = {
    db,
    events: new BatchedEventWriter(db),
    names,
    rules: new EventRules(
      new TargetResolver(new AddressPolicy(config.SSRF_ALLOW_CIDRS), {
        timeoutMs: config.WEBHOOK_DNS_TIMEOUT_MS,
        concurrency: config.WEBHOOK_DNS_CONCURRENCY,
        servers: config.WEBHOOK_DNS_SERVERS,
      }),
      templateChannelsOf(db),
    ),
    onCommitted: () => relay.kick(),
  };
  const apiKeysService = new ApiKeysService(db);
  const admin = adminArea({ db, broker, names, config, apiKeys: apiKeysService });
  const app = createApp({
    db,
    broker,
    logger,
    authenticator,
    intake,
    areas: projectPlaneAreas(db, config, logger, intake),
    memberships: new MembershipRepository(db),
    auditLog: new AuditLogRepository(db),
    usage,
    config,
    validateResponses: config.VALIDATE_RESPONSES,
    auth,
    projects: new ProjectsService(db, new SecretBox(config.secretsKey), config.MAX_PROJECTS_PER_ORGANIZATION),
    apiKeys: apiKeysService,
    oauth,
    organizations,
    admin,
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(config.PORT, () => resolve(s));
  });
  server.keepAliveTimeout = 65_000;
  answerClientErrorsAsJson(server);
  const drain = new HttpDrain(server);
  const port = (server.address() as AddressInfo).port;
  logger.info('api listening', { port });

  return {
    port,
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    db,
    relay,
    flushUsage: () => usage.flush(),
    compactRollup: () => rollup.runOnce(),
    scrubMagicLinks: () => auth.scrub.runOnce(),
    scrubInvitationLinks: () => organizations.scrub.runOnce(),
    health: {
      // The api consumes nothing: only readiness, so a database or broker outage never restarts it.
      ready: intakeReadiness(consumerHealth({ db, queue: broker, stallMs: config.LIVENESS_STALL_MS })),
      scrapeHooks: [platformGauges(new PlatformHealthCheck(db, broker))],
    },
    async stop() {
      await drain.close();
      await usage.stop();
      await rollup.stop();
      await auth.scrub.stop();
      await organizations.scrub.stop();
      await relay.stop();
      await keyChanges.stop();
      await broker.close();
      await db.close();
    },
  };
}

/** The project plane's repositories and use cases, one entry per area. */
function projectPlaneAreas(
  db: Database,
  config: Config,
  logger: Logger,
  intake: EventIntake,
): ProjectPlaneAreas {
  const templates = new TemplateRepository(db);
  const suppressions = new SuppressionRepository(db);
  const scheduled = new ScheduledEventRepository(db);
  const fetchText = guardedFetchText(new AddressPolicy(config.SSRF_ALLOW_CIDRS), { timeoutMs: 10_000, maxBytes: 64 * 1024 });
  return {
    events: new EventRepository(db),
    notifications: new NotificationRepository(db),
    templates: { repo: templates, templates: new TemplatesService(templates) },
    suppressions: { repo: suppressions, suppressions: new SuppressionsService(suppressions) },
    scheduledEvents: { repo: scheduled, scheduled: new ScheduledEventsService(scheduled, intake.rules) },
    deadLetters: { repo: new DeadLetterRepository(db), deadLetters: deadLettersService(db, config, intake.onCommitted) },
    analytics: new AnalyticsService(new AnalyticsRepository(db)),
    usage: new UsageRepository(db),
    feedback: {
      verifier: new SnsSignatureVerifier(fetchText, config.SNS_TRUSTED_CERT_URL_PREFIX),
      repository: new SesFeedbackRepository(db),
      fetchText,
      topics: config.SNS_TOPIC_ARNS,
      logger,
    },
  };
}
