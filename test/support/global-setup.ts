import { Client } from 'pg';
import { migrate } from '@herald/db';
import { TEST_DATABASE_URL } from './test-env';

/** A fresh test database per run; each test then makes its own project, so order never matters. */
export default async function globalSetup(): Promise<void> {
  const admin = new URL(TEST_DATABASE_URL);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
  await migrate(TEST_DATABASE_URL);
}
