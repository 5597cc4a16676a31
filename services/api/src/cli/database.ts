import type { Config } from '@herald/config';
import { Database } from '@herald/db';

/** Runs fn with a small pool (a CLI run makes a few queries at a time), closed afterwards whatever happens. */
export async function withDatabase<T>(config: Config, fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await Database.connect(config.DATABASE_URL, 2);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}
