import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A consumer recipient becomes one webhook notification per endpoint (docs/consumers.md), so one
 * recipient and channel may now have several notifications: fan-out's exactly-once guard grows
 * by the endpoint (NULLS NOT DISTINCT keeps a `webhook_url` notification unique as before). It
 * leads with event_id as the old key did, so lookups by event keep their index. No foreign key
 * to the endpoint: deleting an endpoint keeps its deliveries' history, and fan-out's insert
 * stays as cheap. The partial index serves an endpoint's deliveries list, newest first.
 */
export class NotificationEndpoints1764110000000 implements MigrationInterface {
  name = 'NotificationEndpoints1764110000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE notifications ADD COLUMN endpoint_id uuid;
      CREATE UNIQUE INDEX notifications_fan_out_once
        ON notifications (event_id, recipient_index, channel, endpoint_id) NULLS NOT DISTINCT;
      ALTER TABLE notifications DROP CONSTRAINT notifications_event_id_recipient_index_channel_key;
      CREATE INDEX notifications_endpoint_created ON notifications (endpoint_id, created_at DESC, id DESC) WHERE endpoint_id IS NOT NULL;
    `);
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
