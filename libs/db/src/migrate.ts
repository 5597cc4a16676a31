import { Client } from 'pg';
import { Database, ensureDatabase, reachPostgres } from './database';

const MIGRATION_LOCK = 727001;

/** Creates the database if needed and applies pending migrations; returns their names. */
export async function migrate(url: string): Promise<string[]> {
  await ensureDatabase(url);
  // A session lock on its own connection serialises concurrent starts (replicas, npm start racing the CLI).
  const lock = new Client({ connectionString: url });
  await reachPostgres(url, () => lock.connect());
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const db = await Database.connect(url, 1);
    try {
      const applied = await db.dataSource.runMigrations({ transaction: 'each' });
      return applied.map((m) => m.name);
    } finally {
      await db.close();
    }
  } finally {
    await lock.end();
  }
}
