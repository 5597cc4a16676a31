import type { ScrapeHook } from '@herald/metrics';
import type { RequestHandler } from 'express';
import type { AreaJob } from '../shared/periodic-job';
import type { RouteTable } from './route-table';

/**
 * Where a gate runs on the edge (create-app.ts lays them out, with its own stages between):
 * - `count`: before the operation is matched (sees every request, even a 404);
 * - `identify`: after the match, before the scope check: who the caller is (401);
 * - `authorize`: after every `identify` gate, before the rate limit: what the caller may do (403/404);
 * - `record`: after the body is read, before validation.
 * Gates of one stage run in the order of the area list (areas.ts).
 */
export type EdgeStage = 'count' | 'identify' | 'authorize' | 'record';

export interface EdgeGate {
  stage: EdgeStage;
  handler: RequestHandler;
}

/** What one area adds to the api: the http edge takes routes and gates, app.ts runs the jobs. */
export interface Area {
  routes?: RouteTable;
  gates?: EdgeGate[];
  jobs?: AreaJob[];
  /** Refreshed when Prometheus scrapes this process. */
  scrapeHooks?: ScrapeHook[];
}
