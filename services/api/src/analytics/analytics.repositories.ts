import type { Queryable } from '@herald/db';
import { AnalyticsRepository } from './analytics.repository';

/** Every repository delivery analytics use, on the database or one transaction. */
export function analyticsRepositories(q: Queryable) {
  return {
    analytics: new AnalyticsRepository(q),
  };
}
