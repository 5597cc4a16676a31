import type { Queryable } from '@herald/db';

/**
 * An area's repository factory: given the database or a transaction, every repository the area's
 * services use, built on it. A service is handed one and calls it once per unit of work, so the
 * repositories of one transaction all run on that transaction and none is built by hand.
 */
export type RepositoryFactory<R> = (q: Queryable) => R;
