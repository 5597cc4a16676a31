import { SEQUENTIAL_SCANS_PRICED_OUT } from '@herald/db';
import type { Pool, QueryResultRow } from 'pg';
import { DELIVERY_LIMIT } from '../port/message-queue.port';

/**
 * What every connection of the queue's pool sets first: its named statements' generic plans can
 * then only use their index conditions (see QueueStore.run). PostgreSQL's own plan_cache_mode
 * stays: the queue's statements move to generic plans by themselves.
 */
export const QUEUE_SESSION_SETTINGS = SEQUENTIAL_SCANS_PRICED_OUT;

/** The notification channel: the payload is the name of a queue that has a message due now. */
export const QUEUE_NOTIFY_CHANNEL = 'herald_queue';

export interface NewMessage {
  queue: string;
  body: Buffer;
  headers: Record<string, unknown>;
  messageId?: string;
  delayMs: number;
}

export interface ClaimedRow {
  id: string;
  body: Buffer;
  headers: Record<string, unknown>;
  message_id: string | null;
  /** Deliveries so far, this one included. */
  deliveries: number;
  death_reason: string | null;
}

export interface Held {
  id: string;
  token: string;
}

/**
 * The SQL of the postgres driver, one verb per method. A claim sets `available_at` to the end
 * of the lease and stamps the rows with the claimer's token: ack, release and lease extension
 * only touch rows still holding that token, so a consumer whose lease ran out can never delete
 * a message another consumer has claimed since.
 */
export class QueueStore {
  constructor(private readonly pool: Pool) {}

  /**
   * The hot verbs are named statements: parsed once per connection and, after a few calls, run
   * on a cached generic plan instead of being planned every time (planning a claim cost more
   * than running it). Each has an index condition a generic plan keeps at any table size (ids
   * as `= ANY($1)`, the claim's queue and due time), and the queue pool's connections run with
   * QUEUE_SESSION_SETTINGS, so that a plan made on a nearly empty table cannot be a scan that stays
   * as the queue grows (pg_stat_statements: a claim was planned in 0.22 ms and ran in 0.14).
   */
  private run<R extends QueryResultRow = QueryResultRow>(name: string, text: string, values: unknown[]) {
    return this.pool.query<R>({ name, text, values });
  }

  /**
   * Inserts in one statement and commits before resolving (the publish "confirm"). Every queue
   * that got a message is announced, a delayed one too, so its consumers time their next look to
   * the new due time; NOTIFY is delivered at commit, so a consumer woken by it finds the row.
   */
  async insert(messages: NewMessage[]): Promise<void> {
    await this.run(
      'queue.insert',
      `WITH ins AS (
         INSERT INTO queue_messages (queue, body, headers, message_id, available_at)
         SELECT q, b, h, m, now() + make_interval(secs => d / 1000.0)
           FROM unnest($1::text[], $2::bytea[], $3::jsonb[], $4::text[], $5::int[]) AS t(q, b, h, m, d)
         RETURNING queue
       )
       SELECT pg_notify('${QUEUE_NOTIFY_CHANNEL}', queue) FROM (SELECT DISTINCT queue FROM ins) AS touched`,
      [
        messages.map((m) => m.queue),
        messages.map((m) => m.body),
        messages.map((m) => JSON.stringify(m.headers)),
        messages.map((m) => m.messageId ?? null),
        messages.map((m) => Math.max(0, Math.round(m.delayMs))),
      ],
    );
  }

  /**
   * Claims like `claim`, then moves the messages past the delivery limit (handed out
   * DELIVERY_LIMIT + 1 times without an ack, as RabbitMQ counts) to the dead-letter queue and
   * returns the rest with how many were claimed. A queue without a dead-letter queue has no limit.
   */
  async claimForDelivery(
    queue: string,
    limit: number,
    leaseMs: number,
    token: string,
    deadLetterQueue?: string,
  ): Promise<{ deliver: ClaimedRow[]; claimed: number; nextDueMs: number | null }> {
    const { rows, nextDueMs } = await this.claimWithNextDue(queue, limit, leaseMs, token);
    const exhausted = deadLetterQueue ? rows.filter((r) => r.deliveries > DELIVERY_LIMIT + 1) : [];
    if (exhausted.length === 0) return { deliver: rows, claimed: rows.length, nextDueMs };
    await this.deadLetter(
      exhausted.map((r) => ({ id: r.id, token })),
      deadLetterQueue,
      'delivery_limit',
    );
    return { deliver: rows.filter((r) => !exhausted.includes(r)), claimed: rows.length, nextDueMs };
  }

  /** Takes up to `limit` due messages, oldest first, skipping rows other consumers are claiming. */
  async claim(queue: string, limit: number, leaseMs: number, token: string): Promise<ClaimedRow[]> {
    return (await this.claimWithNextDue(queue, limit, leaseMs, token)).rows;
  }

  /**
   * The claim, and in the same statement how long until the queue's next message not claimed now
   * falls due (null: none), so a consumer times its next look without a second round trip. The
   * extra row's subquery sees the statement's snapshot: the rows just claimed were due, so
   * `available_at > now()` leaves them out; rows leased by others count with their lease's end.
   */
  private async claimWithNextDue(
    queue: string,
    limit: number,
    leaseMs: number,
    token: string,
  ): Promise<{ rows: ClaimedRow[]; nextDueMs: number | null }> {
    const { rows } = await this.run<Omit<ClaimedRow, 'id'> & { id: string | null; next_due_ms: number | null }>(
      'queue.claim',
      `WITH picked AS (
         SELECT id FROM queue_messages
          WHERE queue = $1 AND available_at <= now()
          ORDER BY available_at, id
          LIMIT $2
          FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE queue_messages m
            SET deliveries = m.deliveries + 1, available_at = now() + make_interval(secs => $3 / 1000.0), lease_token = $4
           FROM picked WHERE m.id = picked.id
         RETURNING m.id, m.body, m.headers, m.message_id, m.deliveries, m.death_reason
       )
       SELECT id, body, headers, message_id, deliveries, death_reason, NULL::float8 AS next_due_ms FROM claimed
       UNION ALL
       SELECT NULL, NULL, NULL, NULL, NULL, NULL,
              (SELECT (extract(epoch FROM min(available_at) - now()) * 1000)::float8
                 FROM queue_messages WHERE queue = $1 AND available_at > now())`,
      [queue, limit, leaseMs, token],
    );
    // The due-time row is the one without an id; UNION ALL promises no order.
    const due = rows.find((r) => r.id === null);
    const claimed = rows.filter((r) => r !== due).map(({ next_due_ms: _n, ...row }) => row as ClaimedRow);
    // NULL when nothing waits (GREATEST in SQL would turn that into 0: a consumer spinning on an empty queue).
    const nextDueMs = due?.next_due_ms == null ? null : Math.max(0, Number(due.next_due_ms));
    return { rows: claimed.sort((a, b) => Number(BigInt(a.id) - BigInt(b.id))), nextDueMs };
  }

  async ack(held: Held[]): Promise<void> {
    await this.run(
      'queue.ack',
      `DELETE FROM queue_messages m USING unnest($1::bigint[], $2::uuid[]) AS h(id, token)
        WHERE m.id = ANY($1::bigint[]) AND m.id = h.id AND m.lease_token = h.token`,
      [held.map((h) => h.id), held.map((h) => h.token)],
    );
  }

  /** Hands a held message back, due again after `delayMs`. */
  async release(held: Held, delayMs: number): Promise<void> {
    await this.run(
      'queue.release',
      `UPDATE queue_messages SET lease_token = NULL, available_at = now() + make_interval(secs => $3 / 1000.0)
        WHERE id = $1 AND lease_token = $2`,
      [held.id, held.token, delayMs],
    );
  }

  /** Moves a held message to a dead-letter queue, as a fresh message there; without one it is dropped. */
  async deadLetter(held: Held[], deadLetterQueue: string | undefined, reason: string): Promise<void> {
    if (!deadLetterQueue) return this.ack(held);
    await this.run(
      'queue.dead-letter',
      `WITH moved AS (
         UPDATE queue_messages m
            SET queue = $3, deliveries = 0, lease_token = NULL, available_at = now(), death_reason = $4
           FROM unnest($1::bigint[], $2::uuid[]) AS h(id, token)
          WHERE m.id = ANY($1::bigint[]) AND m.id = h.id AND m.lease_token = h.token
         RETURNING m.id
       )
       SELECT pg_notify('${QUEUE_NOTIFY_CHANNEL}', $3) WHERE EXISTS (SELECT 1 FROM moved)`,
      [held.map((h) => h.id), held.map((h) => h.token), deadLetterQueue, reason],
    );
  }

  /** Pushes the lease of every message a consumer still holds, and says the consumer lives. */
  async extend(held: Held[], leaseMs: number): Promise<void> {
    if (held.length === 0) return;
    await this.run(
      'queue.extend',
      `UPDATE queue_messages m SET available_at = now() + make_interval(secs => $3 / 1000.0)
         FROM unnest($1::bigint[], $2::uuid[]) AS h(id, token)
        WHERE m.id = ANY($1::bigint[]) AND m.id = h.id AND m.lease_token = h.token`,
      [held.map((h) => h.id), held.map((h) => h.token), leaseMs],
    );
  }

  async heartbeat(consumerId: string, queue: string, process: string): Promise<void> {
    await this.run(
      'queue.heartbeat',
      `INSERT INTO queue_consumers (id, queue, process) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET seen_at = now()`,
      [consumerId, queue, process],
    );
  }

  async forgetConsumer(consumerId: string): Promise<void> {
    await this.pool.query('DELETE FROM queue_consumers WHERE id = $1', [consumerId]);
  }

  /**
   * Waiting messages (due or delayed, or held past the end of a lease) and consumers seen within `liveMs`, per queue.
   * Heartbeat rows of consumers dead for longer are pruned on the way.
   */
  async stats(queues: string[], liveMs: number): Promise<Map<string, { messages: number; consumers: number }>> {
    await this.pool.query(`DELETE FROM queue_consumers WHERE seen_at < now() - make_interval(secs => $1 / 1000.0)`, [liveMs * 10]);
    const { rows } = await this.pool.query<{ queue: string; messages: number; consumers: number }>(
      `SELECT q.queue,
              (SELECT count(*) FROM queue_messages m
                WHERE m.queue = q.queue AND (m.lease_token IS NULL OR m.available_at <= now()))::int AS messages,
              (SELECT count(*) FROM queue_consumers c
                WHERE c.queue = q.queue AND c.seen_at > now() - make_interval(secs => $2 / 1000.0))::int AS consumers
         FROM unnest($1::text[]) AS q(queue)`,
      [queues, liveMs],
    );
    return new Map(rows.map((r) => [r.queue, { messages: r.messages, consumers: r.consumers }]));
  }

  /** Test clean-up: every message and consumer of a namespace. */
  async purge(prefix: string): Promise<void> {
    const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    await this.pool.query('DELETE FROM queue_messages WHERE queue LIKE $1', [pattern]);
    await this.pool.query('DELETE FROM queue_consumers WHERE queue LIKE $1', [pattern]);
  }
}
