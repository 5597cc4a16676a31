import { Coalescer, type Database, type Sql } from '@herald/db';
import type { OutboxMessage } from '@herald/outbox';
import { EventStoreRepository, type EventSummary, type EventWriter, type NewEvent } from './event-store';
import { notificationCount } from './event-input';

interface Insert {
  event: NewEvent;
  outbox: OutboxMessage;
}

/**
 * Many events and their outbox messages in one statement: an unnest of parallel arrays, the same
 * ON CONFLICT idempotency guard, one commit for the lot.
 */
const INSERT_MANY: Sql = {
  name: 'intake-insert-events',
  text: `WITH input AS (
           SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::jsonb[], $7::jsonb[], $8::jsonb[],
                                $9::jsonb[], $10::jsonb[], $11::text[], $12::text[], $13::uuid[], $14::text[], $15::int[], $16::int[],
                                $17::text[], $18::text[], $19::jsonb[], $20::jsonb[])
             AS i(id, project_id, api_key_id, event_type, priority, payload, recipients, content, attachments, metadata,
                  idempotency_key, request_hash, batch_id, request_id, recipient_count, notification_count,
                  exchange, routing_key, outbox_payload, outbox_headers)
         ), inserted AS (
           INSERT INTO events (id, project_id, api_key_id, event_type, priority, payload, recipients, content, attachments,
                               metadata, idempotency_key, request_hash, batch_id, request_id, recipient_count, notification_count)
           SELECT id, project_id, api_key_id, event_type, priority, payload, recipients, content, attachments,
                  metadata, idempotency_key, request_hash, batch_id, request_id, recipient_count, notification_count FROM input
           ON CONFLICT (project_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
           RETURNING id, event_type, status, priority, recipient_count, has_failures, idempotency_key, created_at, updated_at
         ), relayed AS (
           INSERT INTO outbox (exchange, routing_key, payload, headers)
           SELECT i.exchange, i.routing_key, i.outbox_payload, i.outbox_headers FROM input i JOIN inserted USING (id)
         )
         SELECT * FROM inserted`,
};

function contentOf(e: NewEvent): object {
  const { input } = e;
  if (input.inline) return { inline: input.inline };
  return input.template_id ? { template_id: input.template_id } : { template_name: input.template_name };
}

/**
 * Group commit for the intake hot path: inserts from concurrent requests that arrive while the
 * previous statement runs go out together, so under load PostgreSQL syncs its WAL once per batch
 * instead of once per event, and a lone request waits for nothing. Each caller still gets its
 * own answer only after the commit that made its event durable. Requests that share an
 * idempotency key never share a batch, so the unique index settles them one after the other.
 */
export class BatchedEventWriter implements EventWriter {
  private readonly direct: EventStoreRepository;
  private readonly inserts: Coalescer<Insert, EventSummary | undefined>;

  constructor(db: Database, options = { maxBatch: 100, concurrency: 2 }) {
    this.direct = new EventStoreRepository(db);
    this.inserts = new Coalescer((batch) => this.insertMany(db, batch), {
      ...options,
      key: ({ event }) => (event.input.idempotency_key === undefined ? undefined : `${event.projectId}:${event.input.idempotency_key}`),
    });
  }

  insertWithOutbox(event: NewEvent, outbox: OutboxMessage): Promise<EventSummary | undefined> {
    return this.inserts.submit({ event, outbox });
  }

  findByIdempotencyKey(projectId: string, key: string) {
    return this.direct.findByIdempotencyKey(projectId, key);
  }

  private async insertMany(db: Database, batch: Insert[]): Promise<Array<EventSummary | undefined>> {
    const column = <T>(pick: (i: Insert) => T) => batch.map(pick);
    const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
    const { rows } = await db.query<EventSummary>(INSERT_MANY, [
      column((i) => i.event.id),
      column((i) => i.event.projectId),
      column((i) => i.event.apiKeyId),
      column((i) => i.event.input.event_type),
      column((i) => i.event.input.priority ?? 'medium'),
      column((i) => json(i.event.input.payload)),
      column((i) => json(i.event.input.recipients)),
      column((i) => json(contentOf(i.event))),
      column((i) => json(i.event.input.attachments ?? [])),
      column((i) => json(i.event.input.metadata)),
      column((i) => i.event.input.idempotency_key ?? null),
      column((i) => i.event.requestHash),
      column((i) => i.event.batchId ?? null),
      column((i) => i.event.requestId ?? null),
      column((i) => i.event.input.recipients.length),
      column((i) => notificationCount(i.event.input)),
      column((i) => i.outbox.exchange),
      column((i) => i.outbox.routingKey),
      column((i) => json(i.outbox.payload)),
      column((i) => json(i.outbox.headers)),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return batch.map((i) => byId.get(i.event.id));
  }
}
