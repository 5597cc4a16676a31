import type { Config } from '@herald/config';
import type { Logger } from '@herald/logger';
import express, { type Express, type RequestHandler } from 'express';
import './express-augment';
import { accessLog } from './access-log.middleware';
import type { Area, EdgeStage } from './area';
import { traceRequests } from './trace-requests.middleware';
import { BodyBudget } from './body-budget';
import { bodyReader } from './body-reader.middleware';
import { noStore } from './no-store.middleware';
import { chain } from './chain';
import { errorHandler } from './error-handler';
import { openApiMiddleware } from './openapi.middleware';
import { openApiDocumentRoutes } from './openapi-document.routes';
import { rateLimit } from './rate-limit.middleware';
import { requestContext } from './request-context.middleware';
import { trustProxySetting } from './client-address';
import { TokenBuckets } from './token-buckets';
import { routes, type RouteTable } from './route-table';
import { documentedOperations } from './openapi-operations';
import { BASE_PATH } from './base-path';

export interface AppDeps {
  config: Config;
  logger: Logger;
  /** Every area's contribution, in the order of areas.ts. */
  areas: Area[];
  /** What answers GET and HEAD outside /api/v1 (the console), ahead of the API's edge. */
  site?: RequestHandler;
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
export function apiRoutes(areas: Area[]): RouteTable {
  const table = routes().include(openApiDocumentRoutes(), ...areas.flatMap((area) => (area.routes ? [area.routes] : [])));
  table.assertMatches(documentedOperations());
  return table;
}

/** The gates the areas contribute to one stage of the edge, in the order of the area list. */
function gatesAt(areas: Area[], stage: EdgeStage): RequestHandler[] {
  return areas.flatMap((area) => (area.gates ?? []).filter((gate) => gate.stage === stage).map((gate) => gate.handler));
}

/**
 * request id -> `count` gates (usage: counts when the response finishes) -> match the openapi
 * operation -> Cache-Control: no-store for operations marked x-no-store -> `identify` gates (the
 * key or the bearer, 401) -> `authorize` gates (the caller's role in the organization the path
 * names: 404 for non-members, 403 below the operation's x-required-role; the administrator's
 * permission for /admin operations, 403) -> rate limit (429) -> scopes (403) -> read the body with
 * the operation's limit (413) -> `record` gates (audit hook) -> validation (422) -> the
 * operation's route -> one error handler. Nothing reads a body for a caller that is not allowed
 * to send it. The edge knows no area: each brings its routes and gates (area.ts).
 */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', trustProxySetting(deps.config.TRUST_PROXY_CIDRS));
  // The console's files are public and never reach an operation: they skip the API's edge.
  if (deps.site) app.use(deps.site);
  // One router layer for the whole edge: the router's per-layer work, times ~15, was a good part of
  // each request's cost (see chain.ts). The order is exactly the one above.
  app.use(
    chain([
      requestContext,
      accessLog(deps.logger),
      traceRequests,
      ...gatesAt(deps.areas, 'count'),
      ...openApiMiddleware(deps.config.VALIDATE_RESPONSES, {
        beforeScopes: [noStore(), ...gatesAt(deps.areas, 'identify'), ...gatesAt(deps.areas, 'authorize'), ...rateLimitStage(deps.config)],
        afterScopes: [bodyReader(new BodyBudget(deps.config.MAX_BODY_BYTES_IN_FLIGHT)), ...gatesAt(deps.areas, 'record')],
      }),
      apiRoutes(deps.areas).dispatcher(BASE_PATH),
    ]),
  );
  app.use((_req, res) => {
    res.status(404).json({ detail: 'not found' });
  });
  app.use(errorHandler(deps.logger));
  return app;
}
