import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox relay and the scheduler load rows by a byte budget, so they must know a row's size
 * without reading it: PostgreSQL measures the JSON once, when the row is written (a stored
 * generated column; pg_column_size would give the compressed size, far below what the process
 * holds once it parses the text). Failure counters let one row that keeps failing on its own be
 * set aside instead of being retried forever: a scheduled event becomes `failed`, an outbox row
 * moves to outbox_parked with its reason, out of the relay's way.
 */
export class LoaderByteBudgets1763904721000 implements MigrationInterface {
  name = 'LoaderByteBudgets1763904721000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE outbox
        ADD COLUMN payload_bytes integer GENERATED ALWAYS AS (octet_length(payload::text)) STORED,
        ADD COLUMN failed_attempts integer NOT NULL DEFAULT 0;

      CREATE TABLE outbox_parked (
        id bigint PRIMARY KEY,
        exchange text NOT NULL,
        routing_key text NOT NULL,
        payload jsonb NOT NULL,
        headers jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        parked_at timestamptz NOT NULL DEFAULT now(),
        reason text NOT NULL
      );

      ALTER TABLE scheduled_events
        ADD COLUMN request_bytes integer GENERATED ALWAYS AS (octet_length(request::text)) STORED,
        ADD COLUMN dispatch_failures integer NOT NULL DEFAULT 0;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE scheduled_events DROP COLUMN request_bytes, DROP COLUMN dispatch_failures;
      DROP TABLE outbox_parked;
      ALTER TABLE outbox DROP COLUMN payload_bytes, DROP COLUMN failed_attempts;
    `);
  }
}
