import { Client } from 'pg';
import { Database, MIGRATIONS, ensureDatabase, reachPostgres } from './database';
import { PgError, hasPgCode } from './pg-errors';

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

export interface MigrationState {
  name: string;
  /** False while pending. */
  applied: boolean;
}

/**
 * Every migration this build knows, in order, and whether the database has applied it. Reads
 * only: a missing database or migrations table means everything is pending (nothing is created).
 */
export async function migrationStatus(url: string): Promise<MigrationState[]> {
  const client = new Client({ connectionString: url });
  const names = MIGRATIONS.map((M) => new M().name);
  let done: string[] = [];
  try {
    await client.connect();
  } catch (err) {
    // A database that does not exist yet has applied nothing; any other failure is the caller's.
    if (hasPgCode(err, PgError.invalidCatalogName)) return names.map((name) => ({ name, applied: false }));
    await reachPostgres(url, () => Promise.reject(err));
  }
  try {
    const table = await client.query<{ present: boolean }>(`SELECT to_regclass('herald_migrations') IS NOT NULL AS present`);
    if (table.rows[0].present) done = (await client.query<{ name: string }>('SELECT name FROM herald_migrations')).rows.map((r) => r.name);
  } finally {
    await client.end();
  }
  const applied = new Set(done);
  return names.map((name) => ({ name, applied: applied.has(name) }));
}
