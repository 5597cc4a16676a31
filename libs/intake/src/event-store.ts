import { newRowId, type Queryable } from '@herald/db';
import type { TopologyNames } from '@herald/messaging';
import type { OutboxMessage } from '@herald/outbox';
import { AppError } from '@herald/errors';
import { eventAcceptedMessage } from './event-accepted-message';
import { notificationCount, type EventInput } from './event-input';
import { replayFingerprint } from './request-hash';

/** Who publishes: the API key of a request or that scheduled an event; null for a member's bearer (the console). */
export interface Caller {
  projectId: string;
  apiKeyId: string | null;
  requestId?: string;
}

export interface EventSummary {
  id: string;
  event_type: string;
  status: string;
  priority: string;
  recipient_count: number;
  has_failures: boolean;
  idempotency_key: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface CreateEventResult {
  created: boolean;
  event: EventSummary;
}

export interface NewEvent {
  id: string;
  projectId: string;
  /** Null when Herald itself publishes (its own emails, from the system project). */
  apiKeyId: string | null;
  input: EventInput;
  /** The request's fingerprint, null without an idempotency key (see replayFingerprint). */
  requestHash: string | null;
  batchId?: string;
  requestId?: string;
}

/** Where events are written: a repository on a connection or transaction, or the batched writer. */
export interface EventWriter {
  insertWithOutbox(e: NewEvent, outbox: OutboxMessage): Promise<EventSummary | undefined>;
  findByIdempotencyKey(projectId: string, key: string): Promise<(EventSummary & { request_hash: string }) | undefined>;
}

const SUMMARY_COLUMNS = 'id, event_type, status, priority, recipient_count, has_failures, idempotency_key, created_at, updated_at';

/** The write side of events: the one place an event and its outbox message are stored. */
export class EventStoreRepository implements EventWriter {
  constructor(private readonly db: Queryable) {}

  /**
   * Inserts the event and its outbox message in one statement (one round trip, one implicit
   * transaction). A clashing idempotency key inserts neither and returns undefined; the unique
   * index makes concurrent duplicates wait for the first and then see it.
   */
  async insertWithOutbox(e: NewEvent, outbox: OutboxMessage): Promise<EventSummary | undefined> {
    const { input } = e;
    const content = input.inline
      ? { inline: input.inline }
      : input.template_id
        ? { template_id: input.template_id }
        : { template_name: input.template_name };
    const { rows } = await this.db.query<EventSummary>(
      `WITH inserted AS (
         INSERT INTO events (id, project_id, api_key_id, event_type, priority, payload, recipients, content, attachments,
                             metadata, idempotency_key, request_hash, batch_id, request_id, recipient_count, notification_count)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
         ON CONFLICT (project_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
         RETURNING ${SUMMARY_COLUMNS}
       ), relayed AS (
         INSERT INTO outbox (exchange, routing_key, payload, headers)
         SELECT $17, $18, $19::jsonb, $20::jsonb FROM inserted
       )
       SELECT * FROM inserted`,
      [
        e.id,
        e.projectId,
        e.apiKeyId,
        input.event_type,
        input.priority ?? 'medium',
        JSON.stringify(input.payload),
        JSON.stringify(input.recipients),
        JSON.stringify(content),
        JSON.stringify(input.attachments ?? []),
        input.metadata === undefined ? null : JSON.stringify(input.metadata),
        input.idempotency_key ?? null,
        e.requestHash,
        e.batchId ?? null,
        e.requestId ?? null,
        input.recipients.length,
        notificationCount(input),
        outbox.exchange,
        outbox.routingKey,
        JSON.stringify(outbox.payload),
        JSON.stringify(outbox.headers),
      ],
    );
    return rows[0];
  }

  async findByIdempotencyKey(projectId: string, key: string): Promise<(EventSummary & { request_hash: string }) | undefined> {
    const { rows } = await this.db.query<EventSummary & { request_hash: string }>(
      `SELECT ${SUMMARY_COLUMNS}, request_hash FROM events WHERE project_id = $1 AND idempotency_key = $2`,
      [projectId, key],
    );
    return rows[0];
  }
}

/**
 * Stores one validated event with its outbox message and settles idempotent replays. Shared by
 * single and batch intake and by the scheduler's dispatch.
 */
export async function storeEvent(
  events: EventWriter,
  names: TopologyNames,
  caller: Caller,
  input: EventInput,
  batchId?: string,
): Promise<CreateEventResult> {
  const id = newRowId();
  const hash = replayFingerprint(input);
  const inserted = await events.insertWithOutbox(
    { id, projectId: caller.projectId, apiKeyId: caller.apiKeyId, input, requestHash: hash, batchId, requestId: caller.requestId },
    eventAcceptedMessage(names, id, caller.projectId, input.priority ?? 'medium', caller.requestId),
  );
  if (inserted) return { created: true, event: inserted };

  // Only an idempotency key can make the insert a no-op.
  const existing = await events.findByIdempotencyKey(caller.projectId, input.idempotency_key as string);
  if (!existing) throw new Error('idempotency conflict without an existing event');
  if (existing.request_hash !== hash) {
    throw new AppError(
      'conflict',
      `idempotency_key ${JSON.stringify(input.idempotency_key)} was already used with a different request body`,
    );
  }
  const { request_hash: _ignored, ...event } = existing;
  return { created: false, event };
}
