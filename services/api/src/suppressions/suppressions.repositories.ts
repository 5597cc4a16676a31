import type { Queryable } from '@herald/db';
import { SuppressionRepository } from './suppression.repository';

/** Every repository a project's suppression list uses, on the database or one transaction. */
export function suppressionsRepositories(q: Queryable) {
  return {
    suppressions: new SuppressionRepository(q),
  };
}
