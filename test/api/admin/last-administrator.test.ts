import { randomUUID } from 'node:crypto';
import { useMigrationDatabase } from '../../support/migration-database';
import { useSystem } from '../../support/system-fixture';
import { TEST_DATABASE_URL } from '../../support/test-env';
import { ALL, anAdministrator } from './admin.support';

// "The last holder" is platform-wide: this file has a database of its own, so administrators made
// by test files running beside it cannot be the other holder.
const SUFFIX = 'last_admin';
const own = useMigrationDatabase(SUFFIX);
beforeAll(() => own.migrateAll());
const url = new URL(TEST_DATABASE_URL);
url.pathname = `${url.pathname}_${SUFFIX}`;

describe('the last holder of administrators:write', () => {
  const f = useSystem({ env: { DATABASE_URL: url.toString() } });
  const http = () => f.http();

  it('when the only holder of administrators:write would be removed or lose it, then it is 409; with a second holder it may go', async () => {
    const admin = await anAdministrator(f.system.api.db, ALL);
    const remove = await http().delete(`/api/v1/admin/administrators/${admin.administrator_id}`).set(admin.auth);
    expect(remove.status).toBe(409);
    const drop = await http()
      .patch(`/api/v1/admin/administrators/${admin.administrator_id}`)
      .set(admin.auth)
      .send({ permissions: ['administrators:read'] });
    expect(drop.status).toBe(409);
    const kept = await http().get(`/api/v1/admin/administrators/${admin.administrator_id}`).set(admin.auth);
    expect(kept.body.permissions).toContain('administrators:write');

    const second = await http()
      .post('/api/v1/admin/administrators')
      .set(admin.auth)
      .send({ email: `second-${randomUUID().slice(0, 8)}@example.com`, permissions: ['administrators:write'] });
    expect(second.status).toBe(201);
    expect((await http().delete(`/api/v1/admin/administrators/${admin.administrator_id}`).set(admin.auth)).status).toBe(204);
    // Now the second one is the last.
    const { rows } = await f.system.api.db.query<{ permissions: string[] }>('SELECT permissions FROM administrators');
    expect(rows).toEqual([{ permissions: ['administrators:write'] }]);
  });
});
