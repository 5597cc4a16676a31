import { StartupError, redactUrl, redactUrlsIn } from '@herald/config';
import { Client, Pool, type ClientBase, type PoolClient, type QueryConfig, type QueryResultRow } from 'pg';
import { PgError, hasPgCode } from './pg-errors';
import { InitialSchema1763780000000 } from './migrations/1763780000000-initial-schema';
import { TemplatesSuppressions1763790000000 } from './migrations/1763790000000-templates-suppressions';
import { ProjectPlane1763800000000 } from './migrations/1763800000000-project-plane';
import { NotificationRollup1763810000000 } from './migrations/1763810000000-notification-rollup';
import { FeedbackLookupOutboxVacuum1763820000000 } from './migrations/1763820000000-feedback-lookup-outbox-vacuum';
import { RollupStatementTriggers1763830000000 } from './migrations/1763830000000-rollup-statement-triggers';
import { LoaderByteBudgets1763904721000 } from './migrations/1763904721000-loader-byte-budgets';
import { EventContents1763910000000 } from './migrations/1763910000000-event-contents';
import { UsersMembershipsSessions1763950000000 } from './migrations/1763950000000-users-memberships-sessions';
import { OrganizationsInvitations1763960000000 } from './migrations/1763960000000-organizations-invitations';
import { ProjectsApiKeys1763970000000 } from './migrations/1763970000000-projects-api-keys';
import { OAuthIdentities1763980000000 } from './migrations/1763980000000-oauth-identities';
import { Administrators1763990000000 } from './migrations/1763990000000-administrators';
import { SystemAccounts1763995000000 } from './migrations/1763995000000-system-accounts';
import { SystemTemplates1763998000000 } from './migrations/1763998000000-system-templates';
import { QueueTables1764000000000 } from './migrations/1764000000000-queue-tables';
import { Retention1764010000000 } from './migrations/1764010000000-retention';
import { HotDeliveryUpdates1764020000000 } from './migrations/1764020000000-hot-delivery-updates';
import { SigningSecretChanges1764030000000 } from './migrations/1764030000000-signing-secret-changes';
import { NotificationsProjectThroughEvent1764040000000 } from './migrations/1764040000000-notifications-project-through-event';
import { RequestHashOnlyWithKey1764050000000 } from './migrations/1764050000000-request-hash-only-with-key';
import { AttemptLogWrites1764060000000 } from './migrations/1764060000000-attempt-log-writes';
import { EmailMessageIdIndex1764065000000 } from './migrations/1764065000000-email-message-id-index';
import { NotificationsWithoutEventKey1764070000000 } from './migrations/1764070000000-notifications-without-event-key';
import { OAuthConnectAtRedemption1764083000000 } from './migrations/1764083000000-oauth-connect-at-redemption';
import { ScheduledByMember1764088000000 } from './migrations/1764088000000-scheduled-by-member';
import { AttemptNextRetry1764090000000 } from './migrations/1764090000000-attempt-next-retry';
import { EmailCategories1764100000000 } from './migrations/1764100000000-email-categories';
import { TemplateHeaders1764095000000 } from './migrations/1764095000000-template-headers';
import { WebhookConsumers1764105000000 } from './migrations/1764105000000-webhook-consumers';
import { NotificationEndpoints1764110000000 } from './migrations/1764110000000-notification-endpoints';
import { ConsumerPortal1764200000000 } from './migrations/1764200000000-consumer-portal';
import { EndpointHealth1764210000000 } from './migrations/1764210000000-endpoint-health';
import { ConsumerEndpointChanges1764220000000 } from './migrations/1764220000000-consumer-endpoint-changes';

export const MIGRATIONS = [
  InitialSchema1763780000000,
  TemplatesSuppressions1763790000000,
  ProjectPlane1763800000000,
  NotificationRollup1763810000000,
  FeedbackLookupOutboxVacuum1763820000000,
  RollupStatementTriggers1763830000000,
  LoaderByteBudgets1763904721000,
  EventContents1763910000000,
  UsersMembershipsSessions1763950000000,
  OrganizationsInvitations1763960000000,
  ProjectsApiKeys1763970000000,
  OAuthIdentities1763980000000,
  Administrators1763990000000,
  SystemAccounts1763995000000,
  SystemTemplates1763998000000,
  QueueTables1764000000000,
  Retention1764010000000,
  HotDeliveryUpdates1764020000000,
  SigningSecretChanges1764030000000,
  NotificationsProjectThroughEvent1764040000000,
  RequestHashOnlyWithKey1764050000000,
  AttemptLogWrites1764060000000,
  EmailMessageIdIndex1764065000000,
  NotificationsWithoutEventKey1764070000000,
  OAuthConnectAtRedemption1764083000000,
  ScheduledByMember1764088000000,
  AttemptNextRetry1764090000000,
  TemplateHeaders1764095000000,
  EmailCategories1764100000000,
  WebhookConsumers1764105000000,
  NotificationEndpoints1764110000000,
  ConsumerPortal1764200000000,
  EndpointHealth1764210000000,
  ConsumerEndpointChanges1764220000000,
];

/**
 * A string is parsed and planned on every call, with that call's values. A named statement is
 * parsed once per connection, and PostgreSQL may keep one generic plan for it (after five calls,
 * until the next ANALYZE). A generic plan made while a fresh install's tables were nearly empty
 * kept scanning them whole as they grew by thousands of rows a second (record-attempts 2.4-4.8 ms
 * per call instead of ~1 ms). So a pool names only lookups whose plan cannot go wrong that way,
 * unless it runs with KEYED_PLANS (see ConnectOptions): a statement marked `keyed` is named there
 * and sent as text elsewhere.
 */
export type Sql = string | { name: string; text: string; keyed?: true };

/** The part of a connection that repositories use: a pool, or a client inside a transaction. */
export interface Queryable {
  query<R extends QueryResultRow = QueryResultRow>(sql: Sql, params?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
}

/**
 * Sequential scans priced out of a session's plans: the planner takes one only where no index can
 * serve, so a generic plan made on a nearly empty table keeps its index conditions as the table
 * grows. Set by every pool whose statements all reach their rows by key: KEYED_PLANS, and the
 * postgres queue driver's pool.
 */
export const SEQUENTIAL_SCANS_PRICED_OUT = 'SET enable_seqscan = off';

/**
 * What a connection of a pool that only looks rows up by key sets first: sequential scans priced
 * out, and a named statement planned once, at its first call, instead of whenever PostgreSQL's
 * estimate favours planning per call (with a batch of one row it always did). Foreign-key checks
 * keep cached plans either way.
 */
export const KEYED_PLANS = `${SEQUENTIAL_SCANS_PRICED_OUT}; SET plan_cache_mode = force_generic_plan`;

export interface ConnectOptions {
  /**
   * Set for the services whose every statement reaches its rows through an index (fan-out, the
   * delivery workers): their `keyed` batch statements are then named and skip parsing and
   * planning, which cost fan-out's insert about 1.2 ms per call on top of 3-4 ms of work.
   */
  keyedPlans?: boolean;
}

/**
 * A pg pool, spoken to in SQL: the hot paths are single multi-row statements (event + outbox in
 * one round trip) that an entity manager would split into several. TypeORM runs the migrations
 * (migrate.ts) and is loaded only there: a service that only queries would carry ~5.6 MB of live
 * heap and ~13 MB of RSS for it.
 */
export class Database implements Queryable {
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly pool: Pool,
    private readonly keyedPlans: boolean,
  ) {}

  static async connect(url: string, poolSize = 10, options: ConnectOptions = {}): Promise<Database> {
    const keyedPlans = options.keyedPlans ?? false;
    const pool = new Pool({
      connectionString: url,
      max: poolSize,
      ...(keyedPlans ? { onConnect: (client: ClientBase) => client.query(KEYED_PLANS) } : {}),
      // plan_cache_mode is never forced to custom plans (see Sql): that made PostgreSQL re-plan
      // its own foreign-key checks on every row as well, 7-8 us each, a quarter of fan-out's
      // insert of 100 notifications.
    });
    // An idle pooled connection that dies (a database restart, an administrator's terminate) is
    // reported here with no query to fail; unheard, it would crash the process. The pool has
    // already dropped that client, and the next query opens a fresh one.
    pool.on('error', () => undefined);
    try {
      await reachPostgres(url, async () => (await pool.connect()).release());
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    }
    return new Database(pool, keyedPlans);
  }

  query<R extends QueryResultRow = QueryResultRow>(sql: Sql, params?: unknown[]) {
    return this.pool.query<R>(this.statement(sql, params));
  }

  /** What pg sends for sql: named, or (a string, or `keyed` on a pool without KEYED_PLANS) text only. */
  private statement(sql: Sql, values: unknown[] | undefined): QueryConfig {
    if (typeof sql === 'string') return { text: sql, values };
    if (sql.keyed && !this.keyedPlans) return { text: sql.text, values };
    return { name: sql.name, text: sql.text, values };
  }

  /** Runs fn in one transaction on one client; rolls back on any error. */
  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client: PoolClient = await this.pool.connect();
    // A connection that dies between two statements (a database restart, an administrator's
    // terminate) emits 'error' on the client with no query to fail; unheard, it would crash the
    // process. The next statement fails instead, and the broken client is discarded, not pooled.
    // The first error is the server's reason (57P01 on a shutdown or terminate); the transaction
    // rejects with it rather than with pg's "not queryable" or "terminated unexpectedly" after it.
    let broken: Error | undefined;
    const onError = (err: Error) => (broken ??= err);
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const result = await fn({ query: (sql, params) => client.query(this.statement(sql, params)) });
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw broken ?? err;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  /**
   * transaction(), run again when PostgreSQL picked it as a deadlock's victim: a victim is rolled
   * back whole, so a second run starts clean, and the other side has gone on. Only for work
   * whose every effect is in the transaction (nothing sent or published from inside fn).
   */
  async transactionRetryingDeadlocks<T>(fn: (tx: Queryable) => Promise<T>, attempts = 3): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.transaction(fn);
      } catch (err) {
        if (attempt >= attempts || !hasPgCode(err, PgError.deadlockDetected)) throw err;
      }
    }
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  /** Ends every connection; closing twice waits for the same end. */
  close(): Promise<void> {
    this.closing ??= this.pool.end();
    return this.closing;
  }
}

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await reachPostgres(url, () => client.connect());
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((err) => {
        if (hasPgCode(err, PgError.duplicateDatabase)) return;
        throw new StartupError(`cannot create database ${JSON.stringify(name)} at ${redactUrl(url)}: ${reason(err)}`);
      });
    }
  } finally {
    await client.end();
  }
}

/** The first line of a driver error, or of each attempt when Node tried several addresses (AggregateError has no message). */
function reason(err: unknown): string {
  const e = err as { message?: string; errors?: unknown[] } | undefined;
  const text = e?.message || (Array.isArray(e?.errors) ? e.errors.map(reason).join('; ') : '') || String(err);
  return redactUrlsIn(text.split('\n')[0]);
}

/**
 * Runs a connection attempt; its failure becomes a StartupError naming the server by its URL,
 * credentials masked, so a bad DATABASE_URL ends the process with one clear line.
 */
export async function reachPostgres<T>(url: string, connect: () => Promise<T>): Promise<T> {
  try {
    return await connect();
  } catch (err) {
    throw new StartupError(`cannot connect to PostgreSQL at ${redactUrl(url)}: ${reason(err)}`);
  }
}
