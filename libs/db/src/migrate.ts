import { Client } from 'pg';
import { MIGRATIONS, ensureDatabase, reachPostgres } from './database';
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
    const dataSource = await migrationsDataSource(url);
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((m) => m.name);
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await lock.end();
  }
}

/**
 * TypeORM, required here rather than imported at the top: only migrate() needs it, and every
 * service that imports @herald/db would otherwise load it (see Database).
 */
async function migrationsDataSource(url: string) {
  require('reflect-metadata');
  const { DataSource } = require('typeorm') as typeof import('typeorm');
  const dataSource = new DataSource({
    type: 'postgres',
    url,
    migrations: MIGRATIONS,
    migrationsTableName: 'herald_migrations',
    extra: { max: 1 },
    logging: false,
  });
  return reachPostgres(url, () => dataSource.initialize());
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
