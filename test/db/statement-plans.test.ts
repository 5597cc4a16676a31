import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { Database, KEYED_PLANS, type Sql } from '@herald/db';
import { NotificationRepository, RECORD_ATTEMPTS } from '@herald/delivery';
import { SUPPRESS_FROM_FEEDBACK } from '../../services/api/src/feedback/ses-feedback.repository';
import { CREATE_NOTIFICATIONS, FanoutRepository, LOAD_EVENTS } from '../../services/fanout/src/data/fanout.repository';
import { useMigrationDatabase } from '../support/migration-database';
import { TEST_DATABASE_URL } from '../support/test-env';

/** Every batch statement sent named on a pool with KEYED_PLANS (fan-out and the delivery workers). */
const KEYED_STATEMENTS = [LOAD_EVENTS, CREATE_NOTIFICATIONS, RECORD_ATTEMPTS] as Array<Exclude<Sql, string>>;

/** Fan-out's and a worker's batch statements, each run `times` times on db. */
async function runBatchStatements(db: Database, times: number): Promise<void> {
  const records = new NotificationRepository(db);
  const fanout = new FanoutRepository(db);
  for (let i = 0; i < times; i++) {
    await records.findForDelivery([{ notificationId: randomUUID(), projectId: randomUUID() }]);
    await records.recordAttempts([
      { notificationId: randomUUID(), attempt: 1, status: 'delivered', retryCount: 0, error: null, providerResponse: {} },
    ]);
    await fanout.loadEvents([randomUUID()]);
    await fanout.createNotifications([]);
  }
}

/** The scans of the generic plan PostgreSQL keeps for statement, as `<node> on <table>` with its index condition if any. */
async function genericPlanScans(c: Client, statement: Exclude<Sql, string>): Promise<Array<{ scan: string; indexCond?: string }>> {
  const name = statement.name.replace(/-/g, '_');
  const params = Math.max(...[...statement.text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  await c.query(`PREPARE ${name} AS ${statement.text}`);
  const { rows } = await c.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
    `EXPLAIN (FORMAT JSON) EXECUTE ${name}(${Array(params).fill('NULL').join(', ')})`,
  );
  const scans: Array<{ scan: string; indexCond?: string }> = [];
  const walk = (node: PlanNode) => {
    // A table written (Insert, Update) is reached through the rows it is given; only reads are scans.
    if (node['Relation Name'] && node['Node Type'] !== 'ModifyTable') {
      scans.push({ scan: `${node['Node Type']} on ${node['Relation Name']}`, indexCond: node['Index Cond'] ?? node['Recheck Cond'] });
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(rows[0]['QUERY PLAN'][0].Plan);
  return scans;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Plans?: PlanNode[];
}

/**
 * PostgreSQL moves a named statement to one generic plan after five calls and keeps it until the
 * next ANALYZE: on a fresh install, a plan made while the tables were nearly empty kept scanning
 * them whole as they grew. So the batched statements whose plan could depend on the tables' size
 * are sent unnamed (planned on every call for the tables as they are), except on a pool with
 * KEYED_PLANS (fan-out, the workers), where no plan can scan a table whole while an index can
 * serve: there they are named, and each reaches every table it reads through an index condition.
 * Sessions keep PostgreSQL's plan_cache_mode, so that its own foreign-key checks keep their
 * cached plans.
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

  it('when the batched statements have run many times on a pool without keyed plans (the api), then none of them was kept as a prepared plan', async () => {
    await runBatchStatements(db, 8);
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
      // Sequential and plain index scans and nested loops priced out: then attempts can only be
      // read through bitmaps of the message-id indexes, or, where those cannot serve the query,
      // scanned whole. Without the last two, a nearly empty table (a new test database) made a
      // full walk of another index the cheaper plan.
      await tx.query('SET LOCAL enable_seqscan = off');
      await tx.query('SET LOCAL enable_indexscan = off');
      await tx.query('SET LOCAL enable_nestloop = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${SUPPRESS_FROM_FEEDBACK}`, [
        ['<a@b>'],
        ['x@example.com'],
        'hard_bounce',
      ]);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('Index Scan on notification_logs_message_id');
  });

  it('when fan-out and a worker have run their batched statements many times on a pool with keyed plans, then PostgreSQL runs each on a kept generic plan', async () => {
    const keyed = await Database.connect(TEST_DATABASE_URL, 1, { keyedPlans: true });
    try {
      await runBatchStatements(keyed, 8);
      const { rows } = await keyed.query<{ name: string; generic_plans: string; custom_plans: string }>(
        'SELECT name, generic_plans, custom_plans FROM pg_prepared_statements WHERE name = ANY($1::text[]) ORDER BY name',
        [KEYED_STATEMENTS.map((s) => s.name)],
      );
      expect(rows.map((r) => r.name)).toEqual(KEYED_STATEMENTS.map((s) => s.name).sort());
      // Planned once, at the first call, never per call (the plans are the ones checked below).
      for (const row of rows) expect([Number(row.generic_plans), Number(row.custom_plans)]).toEqual([8, 0]);
      const { rows: settings } = await keyed.query<{ enable_seqscan: string }>('SHOW enable_seqscan');
      expect(settings[0].enable_seqscan).toBe('off');
    } finally {
      await keyed.close();
    }
  });
});

describe('the generic plans a keyed pool keeps, made while every table is empty (a fresh install)', () => {
  const fresh = useMigrationDatabase('keyed_plans');

  beforeAll(async () => {
    await fresh.migrateAll();
    // Known to be empty (reltuples 0), the worst case: a never-analysed table is costed as ten pages.
    const c = await fresh.connect();
    await c.query('ANALYZE').finally(() => c.end());
  });

  it.each(KEYED_STATEMENTS.map((s) => [s.name, s] as const))(
    'when %s is planned, then it reaches every table it reads through an index condition, so the plan holds as the tables grow',
    async (_name, statement) => {
      const c = await fresh.connect();
      try {
        await c.query(KEYED_PLANS);
        const scans = await genericPlanScans(c, statement);

        expect(scans.length).toBeGreaterThan(0);
        expect(scans.filter((s) => !s.indexCond)).toEqual([]);
      } finally {
        await c.end();
      }
    },
  );
});
