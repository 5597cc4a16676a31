import { randomUUID } from 'node:crypto';
import { Database } from '@herald/db';
import { NotificationRepository } from '@herald/delivery';
import { SUPPRESS_FROM_FEEDBACK } from '../../services/api/src/feedback/ses-feedback.repository';
import { FanoutRepository } from '../../services/fanout/src/data/fanout.repository';
import { TEST_DATABASE_URL } from '../support/test-env';

/**
 * PostgreSQL moves a named statement to one generic plan after five calls and keeps it until the
 * next ANALYZE: on a fresh install, a plan made while the tables were nearly empty kept scanning
 * them whole as they grew. The batched statements whose plan depends on the tables' size are
 * therefore sent unnamed (planned on every call for the tables as they are), while the session
 * keeps PostgreSQL's default so that its own foreign-key checks keep their cached plans.
 */
describe('statement plans', () => {
  let db: Database;

  beforeAll(async () => {
    // One connection: pg_prepared_statements below reads the session the statements ran in.
    db = await Database.connect(TEST_DATABASE_URL, 1);
  });
  afterAll(async () => {
    await db.close();
  });

  it('when the workers and fan-out have run their batched statements many times, then none of them was kept as a prepared plan', async () => {
    const records = new NotificationRepository(db);
    const fanout = new FanoutRepository(db);
    for (let i = 0; i < 8; i++) {
      await records.findForDelivery([{ notificationId: randomUUID(), projectId: randomUUID() }]);
      await records.recordAttempts([
        { notificationId: randomUUID(), attempt: 1, status: 'delivered', retryCount: 0, error: null, providerResponse: {} },
      ]);
      await fanout.loadEvents([randomUUID()]);
    }
    const { rows } = await db.query<{ statement: string }>(
      `SELECT statement FROM pg_prepared_statements
        WHERE statement LIKE '%notification_logs%' OR statement LIKE '%event_contents%' OR statement LIKE '%FROM events e%'`,
    );
    expect(rows).toEqual([]);
  });

  it('when a named lookup has run many times, then PostgreSQL may keep a generic plan for it, as for its foreign-key checks', async () => {
    const name = `plans-${randomUUID()}`;
    for (let i = 0; i < 10; i++) {
      await db.query({ name, text: 'SELECT id FROM notifications WHERE id = $1' }, [randomUUID()]);
    }
    const { rows } = await db.query<{ generic_plans: string }>('SELECT generic_plans FROM pg_prepared_statements WHERE name = $1', [name]);
    expect(Number(rows[0].generic_plans)).toBeGreaterThan(0);
  });

  it('when SES feedback names a message id, then the lookup can use the index of email attempts (whose predicate it repeats)', async () => {
    const plan = await db.transaction(async (tx) => {
      // With sequential scans priced out, a plan without the index means the index cannot serve the query.
      await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${SUPPRESS_FROM_FEEDBACK}`, [
        ['<a@b>'],
        ['x@example.com'],
        'hard_bounce',
      ]);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('Index Scan on notification_logs_message_id');
  });
});
