import 'reflect-metadata';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '@herald/db';
import { TEST_DATABASE_URL } from '../support/test-env';

/** Its own database: this test needs the schema as it was before the migration. */
const url = new URL(TEST_DATABASE_URL);
url.pathname = `${url.pathname}_orgs_migration`;

async function admin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const a = new URL(TEST_DATABASE_URL);
  a.pathname = '/postgres';
  const client = new Client({ connectionString: a.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

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

const name = url.pathname.slice(1);
beforeAll(() => admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).then(() => c.query(`CREATE DATABASE "${name}"`))));
afterAll(() => admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)));

describe('the organizations-and-invitations migration', () => {
  it('when the old herald-system organization exists, then it is marked as the system one, and names stop being unique', async () => {
    await migrateWith(
      MIGRATIONS.slice(
        0,
        MIGRATIONS.findIndex((m) => m.name === 'OrganizationsInvitations1763960000000'),
      ),
    );
    const db = new Client({ connectionString: url.toString() });
    await db.connect();
    try {
      const { rows } = await db.query(`INSERT INTO organizations (name) VALUES ('herald-system'), ('acme') RETURNING id, name`);
      await expect(db.query(`INSERT INTO organizations (name) VALUES ('acme')`)).rejects.toMatchObject({ code: '23505' });

      await migrateWith(MIGRATIONS);

      const marked = await db.query('SELECT name FROM organizations WHERE is_system');
      expect(marked.rows).toEqual([{ name: 'herald-system' }]);
      expect(rows).toHaveLength(2);
      await db.query(`INSERT INTO organizations (name) VALUES ('acme'), ('herald-system')`);
      // At most one system organization.
      await expect(db.query(`INSERT INTO organizations (name, is_system) VALUES ('another', true)`)).rejects.toMatchObject({
        code: '23505',
      });
    } finally {
      await db.end();
    }
  });
});
