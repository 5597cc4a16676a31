import { useMigrationDatabase } from '../../support/migration-database';

const database = useMigrationDatabase('users_migration');

describe('the users-and-memberships migration', () => {
  it('when one address was a user in two organizations, then it becomes one user who is a member of both, with the old roles', async () => {
    // The schema as it was just before: later migrations may need what this one makes.
    await database.migrateUpTo('UsersMembershipsSessions1763950000000');
    const db = await database.connect();
    try {
      const orgs = await db.query(`INSERT INTO organizations (name) VALUES ('acme'), ('globex') RETURNING id`);
      const [acme, globex] = orgs.rows.map((r) => r.id as string);
      const first = await db.query(
        `INSERT INTO users (organization_id, email, role, created_at) VALUES ($1, 'ada@example.com', 'owner', now() - interval '1 day') RETURNING id`,
        [acme],
      );
      await db.query(
        `INSERT INTO users (organization_id, email, role) VALUES ($1, 'Ada@Example.com', 'admin'), ($1, 'bob@example.com', 'whatever')`,
        [globex],
      );

      await database.migrateAll();

      const users = await db.query('SELECT id, lower(email) AS email FROM users ORDER BY email');
      expect(users.rows.map((u) => u.email)).toEqual(['ada@example.com', 'bob@example.com']);
      expect(users.rows[0].id).toBe(first.rows[0].id);
      const memberships = await db.query(
        `SELECT o.name, lower(u.email) AS email, m.role FROM memberships m JOIN organizations o ON o.id = m.organization_id
           JOIN users u ON u.id = m.user_id ORDER BY o.name, email`,
      );
      expect(memberships.rows).toEqual([
        { name: 'acme', email: 'ada@example.com', role: 'owner' },
        { name: 'globex', email: 'ada@example.com', role: 'admin' },
        // A role outside owner|admin|developer|viewer could only have been the old default.
        { name: 'globex', email: 'bob@example.com', role: 'owner' },
      ]);
      await expect(db.query(`INSERT INTO users (email) VALUES ('BOB@example.com')`)).rejects.toMatchObject({ code: '23505' });
    } finally {
      await db.end();
    }
  });
});
