import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { PeriodicJob } from '../shared/periodic-job';
import { AnalyticsRepository } from './analytics.repository';
import { analyticsRepositories } from './analytics.repositories';
import { analyticsRoutes } from './analytics.routes';
import { AnalyticsService } from './analytics.service';

/** How often the notification count deltas are folded into the hourly rollup (any api process may; one at a time). */
const ROLLUP_COMPACT_INTERVAL_MS = 5_000;

/** A project's delivery analytics, and the rollup compaction that keeps them cheap to read. */
export function analyticsArea({ db, logger }: Infrastructure): Area {
  return {
    routes: analyticsRoutes(new AnalyticsService(analyticsRepositories(db).analytics)),
    jobs: [new PeriodicJob('analytics rollup compaction', ROLLUP_COMPACT_INTERVAL_MS, () => AnalyticsRepository.compact(db), logger)],
  };
}
