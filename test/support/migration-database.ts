import 'reflect-metadata';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '@herald/db';
import { TEST_DATABASE_URL } from './test-env';

async function asAdmin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const admin = new URL(TEST_DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface MigrationDatabase {
  /** Applies the migrations before the one named (the schema as it was just before it). */
  migrateUpTo(migrationName: string): Promise<void>;
  /** Applies every migration not applied yet. */
  migrateAll(): Promise<void>;
  /** A connected client; the caller ends it. */
  connect(): Promise<Client>;
}

/**
 * A database of the test file's own, made before its tests and dropped after: a migration test
 * needs the schema as it was before that migration, which the shared test database is past.
 */
export function useMigrationDatabase(suffix: string): MigrationDatabase {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `${url.pathname}_${suffix}`;
  const name = url.pathname.slice(1);
  beforeAll(() =>
    asAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).then(() => c.query(`CREATE DATABASE "${name}"`))),
  );
  afterAll(() => asAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)));

  async function migrateWith(migrations: typeof MIGRATIONS): Promise<void> {
    const ds = new DataSource({
      type: 'postgres',
      url: url.toString(),
      migrations,
      migrationsTableName: 'herald_migrations',
      logging: false,
    });
    await ds.initialize();
    try {
      await ds.runMigrations({ transaction: 'each' });
    } finally {
      await ds.destroy();
    }
  }

  return {
    migrateUpTo: (migrationName) => {
      const index = MIGRATIONS.findIndex((m) => m.name === migrationName);
      if (index < 0) throw new Error(`no migration named ${migrationName}`);
      return migrateWith(MIGRATIONS.slice(0, index));
    },
    migrateAll: () => migrateWith(MIGRATIONS),
    async connect() {
      const client = new Client({ connectionString: url.toString() });
      await client.connect();
      return client;
    },
  };
}
