import { Client } from 'pg';
import { migrate } from '@herald/db';
import { TEST_DATABASE_URL } from './test-env';

/** Drops the database and migrates a fresh one. */
export async function freshDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
  await migrate(url);
}

/** A fresh test database per run; each test then makes its own project, so order never matters. */
export default async function globalSetup(): Promise<void> {
  await freshDatabase(TEST_DATABASE_URL);
}
