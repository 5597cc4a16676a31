import { randomUUID } from 'node:crypto';
import { Database } from '@herald/db';
import { TEST_DATABASE_URL } from '../support/test-env';

/**
 * Herald's hot statements are named (parsed once per connection). PostgreSQL would move such a
 * statement to one generic plan after five calls and keep it until the next ANALYZE: on a fresh
 * install, a plan made while the tables were nearly empty kept scanning them whole as they grew.
 * Every pooled connection plans each call for its parameters instead.
 */
describe('statement plans', () => {
  let db: Database;

  beforeAll(async () => {
    db = await Database.connect(TEST_DATABASE_URL, 1);
  });
  afterAll(async () => {
    await db.close();
  });

  it('when a named statement has run many times, then each call was still planned for its own parameters', async () => {
    const name = `plans-${randomUUID()}`;
    for (let i = 0; i < 10; i++) {
      await db.query({ name, text: 'SELECT id FROM notifications WHERE id = $1' }, [randomUUID()]);
    }
    // One connection in the pool: this reads the same session's prepared statements.
    const { rows } = await db.query<{ generic_plans: string; custom_plans: string }>(
      'SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1',
      [name],
    );
    expect(rows).toEqual([{ generic_plans: '0', custom_plans: '10' }]);
  });

  it('when a transaction runs, then its connection plans the same way', async () => {
    const mode = await db.transaction(async (tx) => (await tx.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode')).rows[0]);
    expect(mode).toEqual({ plan_cache_mode: 'force_custom_plan' });
  });
});
