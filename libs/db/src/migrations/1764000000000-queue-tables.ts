import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `postgres` queue driver (issue 10): every queue is the rows of `queue_messages` with its
 * name. `available_at` is when a message may next be claimed: its due time while delayed, the
 * end of the consumer's lease while held, so one index serves claims, delays and expired
 * leases alike. `queue_consumers` holds one heartbeat row per live consumer, for health.
 * Details: docs/postgres-queue.md.
 */
export class QueueTables1764000000000 implements MigrationInterface {
  name = 'QueueTables1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE queue_messages (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        queue text NOT NULL,
        body bytea NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}',
        message_id text,
        available_at timestamptz NOT NULL DEFAULT now(),
        deliveries integer NOT NULL DEFAULT 0,
        lease_token uuid,
        death_reason text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX queue_messages_claim ON queue_messages (queue, available_at, id);
      -- Every message is inserted, updated at least once and deleted: vacuum early, as for the outbox.
      ALTER TABLE queue_messages SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000,
                                      autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 2000);
      CREATE TABLE queue_consumers (
        id uuid PRIMARY KEY,
        queue text NOT NULL,
        process text NOT NULL,
        seen_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX queue_consumers_queue ON queue_consumers (queue, seen_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE queue_consumers; DROP TABLE queue_messages;');
  }
}
