import type { Config } from '@herald/config';
import type { Database } from '@herald/db';
import type { Logger } from '@herald/logger';
import type { MessageQueue } from '@herald/messaging';
import express, { type Express, type RequestHandler } from 'express';
import './express-augment';
import type { AuthArea } from '../auth/auth.area';
import type { ApiKeysService } from '../api-keys/api-keys.service';
import type { ProjectsService } from '../projects/projects.service';
import { apiKeyRoutes } from '../api-keys/api-key.routes';
import { projectRoutes } from '../projects/project.routes';
import type { AdminArea } from '../admin/admin.area';
import type { OrganizationsArea } from '../organizations/organizations.area';
import type { MembershipRepository } from '../organizations/membership.repository';
import { roleGate } from '../organizations/role-gate';
import type { AuditLogRepository } from '../audit/audit-log.repository';
import type { ApiKeyAuthenticator } from '../api-keys/api-key-authenticator';
import type { EventIntake } from '../events/create-event.use-case';
import type { UsageMeter } from '../usage/usage-meter';
import type { UsageRepository } from '../usage/usage.repository';
import type { AnalyticsService } from '../analytics/analytics.service';
import type { DeadLetterRepository } from '../dead-letters/dead-letter.repository';
import type { DeadLettersService } from '../dead-letters/dead-letters.service';
import type { EventRepository } from '../events/event.repository';
import type { SesFeedbackDeps } from '../feedback/ses-feedback.use-case';
import type { NotificationRepository } from '../notifications/notification.repository';
import type { ScheduledEventRepository } from '../scheduled-events/scheduled-event.repository';
import type { ScheduledEventsService } from '../scheduled-events/scheduled-events.service';
import type { SuppressionRepository } from '../suppressions/suppression.repository';
import type { SuppressionsService } from '../suppressions/suppressions.service';
import type { TemplateRepository } from '../templates/template.repository';
import type { TemplatesService } from '../templates/templates.service';
import { apiKeyGate } from '../api-keys/api-key.middleware';
import { auditTrail } from '../audit/audit.middleware';
import { accessLog } from './access-log.middleware';
import { traceRequests } from './trace-requests.middleware';
import { bodyReader } from './body-reader.middleware';
import { noStore } from './no-store.middleware';
import { chain } from './chain';
import { errorHandler } from './error-handler';
import { openApiMiddleware } from './openapi.middleware';
import { openApiDocumentRoutes } from './openapi-document.routes';
import { rateLimit } from './rate-limit.middleware';
import { requestContext } from './request-context.middleware';
import { trustProxySetting } from './client-address';
import { eventRoutes } from '../events/event.routes';
import { feedbackRoutes } from '../feedback/feedback.routes';
import { healthRoutes } from '../health/health.routes';
import { notificationRoutes } from '../notifications/notification.routes';
import { suppressionRoutes } from '../suppressions/suppression.routes';
import { templateRoutes } from '../templates/template.routes';
import { analyticsRoutes } from '../analytics/analytics.routes';
import { auditLogRoutes } from '../audit/audit-log.routes';
import { deadLetterRoutes } from '../dead-letters/dead-letter.routes';
import { scheduledEventRoutes } from '../scheduled-events/scheduled-event.routes';
import { settingsRoutes } from '../settings/settings.routes';
import { usageRoutes } from '../usage/usage.routes';
import { TokenBuckets } from './token-buckets';
import { routes, type RouteTable } from './route-table';
import { documentedOperations } from './openapi-operations';
import { usageCounter } from '../usage/usage.middleware';

export const BASE_PATH = '/api/v1';

export interface ProjectPlaneAreas {
  events: EventRepository;
  notifications: NotificationRepository;
  templates: { repo: TemplateRepository; templates: TemplatesService };
  suppressions: { repo: SuppressionRepository; suppressions: SuppressionsService };
  scheduledEvents: { repo: ScheduledEventRepository; scheduled: ScheduledEventsService };
  deadLetters: { repo: DeadLetterRepository; deadLetters: DeadLettersService };
  analytics: AnalyticsService;
  usage: UsageRepository;
  feedback: SesFeedbackDeps;
}

export interface AppDeps {
  db: Database;
  broker: MessageQueue;
  logger: Logger;
  authenticator: ApiKeyAuthenticator;
  intake: EventIntake;
  usage: UsageMeter;
  /** What the project-plane routes read and act through, built in app.ts. */
  areas: ProjectPlaneAreas;
  memberships: MembershipRepository;
  auditLog: AuditLogRepository;
  config: Config;
  validateResponses: boolean;
  auth: AuthArea;
  projects: ProjectsService;
  apiKeys: ApiKeysService;
  /** OAuth / OpenID Connect sign-in and account connection routes. */
  oauth: RouteTable;
  organizations: OrganizationsArea;
  /** Platform administration: the permission gate and the /admin routes. */
  admin: AdminArea;
}

/** A bucket of `perMinute` requests that refills over a minute; 0 turns that limit off. */
const perMinute = (limit: number) => (limit === 0 ? undefined : new TokenBuckets(limit / 60, limit));

/**
 * Per-key token buckets from RATE_LIMIT_PER_SECOND and RATE_LIMIT_BURST (either at 0 turns them
 * off), per user from USER_RATE_LIMIT_PER_MINUTE, per client IP from CLIENT_IP_RATE_LIMIT_PER_MINUTE.
 */
function rateLimitStage(config: Config): RequestHandler[] {
  const keysLimited = config.RATE_LIMIT_PER_SECOND !== 0 && config.RATE_LIMIT_BURST !== 0;
  const budgets = {
    perKey: keysLimited ? new TokenBuckets(config.RATE_LIMIT_PER_SECOND, config.RATE_LIMIT_BURST) : undefined,
    perUser: perMinute(config.USER_RATE_LIMIT_PER_MINUTE),
    perClientIp: perMinute(config.CLIENT_IP_RATE_LIMIT_PER_MINUTE),
  };
  return Object.values(budgets).some(Boolean) ? [rateLimit(budgets)] : [];
}

/** Every operation's route, checked against openapi.yaml: one route per documented operation. */
export function apiRoutes(deps: AppDeps): RouteTable {
  const table = routes().include(
    eventRoutes(deps.intake, deps.areas.events),
    healthRoutes(deps.db, deps.broker),
    openApiDocumentRoutes(),
    notificationRoutes(deps.areas.notifications),
    templateRoutes(deps.areas.templates),
    suppressionRoutes(deps.areas.suppressions),
    scheduledEventRoutes(deps.areas.scheduledEvents),
    deadLetterRoutes(deps.areas.deadLetters),
    analyticsRoutes(deps.areas.analytics),
    auditLogRoutes(deps.auditLog),
    usageRoutes(deps.areas.usage),
    settingsRoutes(deps.config),
    feedbackRoutes(deps.areas.feedback),
    deps.auth.routes,
    projectRoutes(deps.projects),
    apiKeyRoutes(deps.apiKeys),
    deps.oauth,
    deps.organizations.routes,
    deps.admin.routes,
  );
  table.assertMatches(documentedOperations());
  return table;
}

/**
 * request id -> usage hook (counts when the response finishes) -> match the openapi operation ->
 * Cache-Control: no-store for operations marked x-no-store -> identify the key or the bearer (401) -> the caller's role in the organization the path names
 * (404 for non-members, 403 below the operation's x-required-role) -> the administrator's
 * permission for /admin operations (403) -> rate limit (429) -> scopes (403) -> read the body with the operation's
 * limit (413) -> audit hook -> validation (422) -> the operation's route -> one error handler. Nothing reads a
 * body for a caller that is not allowed to send it.
 */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', trustProxySetting(deps.config.TRUST_PROXY_CIDRS));
  // One router layer for the whole edge: the router's per-layer work, times ~15, was a good part of
  // each request's cost (see chain.ts). The order is exactly the one above.
  app.use(
    chain([
      requestContext,
      accessLog(deps.logger),
      traceRequests,
      usageCounter(deps.usage, BASE_PATH),
      ...openApiMiddleware(deps.validateResponses, {
        beforeScopes: [
          noStore(),
          apiKeyGate(deps.authenticator),
          deps.auth.gate,
          roleGate(deps.memberships),
          deps.admin.gate,
          ...rateLimitStage(deps.config),
        ],
        afterScopes: [bodyReader(), auditTrail(deps.auditLog, deps.logger)],
      }),
      apiRoutes(deps).dispatcher(BASE_PATH),
    ]),
  );
  app.use((_req, res) => {
    res.status(404).json({ detail: 'not found' });
  });
  app.use(errorHandler(deps.logger));
  return app;
}
