import { useMigrationDatabase } from '../../support/migration-database';

const database = useMigrationDatabase('orgs_migration');

describe('the organizations-and-invitations migration', () => {
  it('when the old herald-system organization exists, then it is marked as the system one, and names stop being unique', async () => {
    await database.migrateUpTo('OrganizationsInvitations1763960000000');
    const db = await database.connect();
    try {
      const { rows } = await db.query(`INSERT INTO organizations (name) VALUES ('herald-system'), ('acme') RETURNING id, name`);
      await expect(db.query(`INSERT INTO organizations (name) VALUES ('acme')`)).rejects.toMatchObject({ code: '23505' });

      await database.migrateAll();

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
