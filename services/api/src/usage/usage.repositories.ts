import type { Queryable } from '@herald/db';
import { UsageRepository } from './usage.repository';

/** Every repository request usage uses, on the database or one transaction. */
export function usageRepositories(q: Queryable) {
  return {
    usage: new UsageRepository(q),
  };
}
