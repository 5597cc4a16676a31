import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A CONCURRENTLY build that failed leaves its index invalid (it would still slow writes). */
async function dropIfInvalid(q: QueryRunner, index: string): Promise<void> {
  const invalid = (await q.query(
    `SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1 AND NOT i.indisvalid`,
    [index],
  )) as unknown[];
  if (invalid.length) await q.query(`DROP INDEX CONCURRENTLY ${index}`);
}

/**
 * A consumer recipient becomes one webhook notification per endpoint (docs/consumers.md), so one
 * recipient and channel may now have several notifications: fan-out's exactly-once guard grows
 * by the endpoint (NULLS NOT DISTINCT keeps a `webhook_url` notification unique as before). It
 * leads with event_id as the old key did, so lookups by event keep their index. No foreign key
 * to the endpoint: deleting an endpoint keeps its deliveries' history, and fan-out's insert
 * stays as cheap. The partial index serves an endpoint's deliveries list, newest first.
 *
 * Both indexes are built CONCURRENTLY, outside a transaction: a plain CREATE INDEX would hold
 * every write to notifications (fan-out's inserts, every worker's status updates) for as long as
 * it scans the largest table. The old constraint goes only once the new unique index is valid,
 * so duplicates stay refused throughout; an index a failed build left invalid is dropped first,
 * and every step may run again, so running the migration again finishes it.
 */
export class NotificationEndpoints1764110000000 implements MigrationInterface {
  name = 'NotificationEndpoints1764110000000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notifications ADD COLUMN IF NOT EXISTS endpoint_id uuid`);
    await dropIfInvalid(q, 'notifications_fan_out_once');
    await q.query(`CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS notifications_fan_out_once
      ON notifications (event_id, recipient_index, channel, endpoint_id) NULLS NOT DISTINCT`);
    await q.query(`ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_event_id_recipient_index_channel_key`);
    await dropIfInvalid(q, 'notifications_endpoint_created');
    await q.query(`CREATE INDEX CONCURRENTLY IF NOT EXISTS notifications_endpoint_created
      ON notifications (endpoint_id, created_at DESC, id DESC) WHERE endpoint_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM notifications WHERE endpoint_id IS NOT NULL;
      DROP INDEX notifications_endpoint_created;
      ALTER TABLE notifications ADD CONSTRAINT notifications_event_id_recipient_index_channel_key UNIQUE (event_id, recipient_index, channel);
      DROP INDEX notifications_fan_out_once;
      ALTER TABLE notifications DROP COLUMN endpoint_id;
    `);
  }
}
