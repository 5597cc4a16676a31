import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The delivery path writes every notification twice (insert, then its status) and its event's
 * counters once per batch, and logs every attempt. Measured in the bench (issue 12): 0% of the
 * notification updates were HOT, because `status` was an INCLUDE column of the list index (an
 * update that touches an indexed column must add an entry to every index) and pages were filled
 * to 100% (a HOT update needs room on the same page). So:
 * - the list index covers `channel` only: listing and the analytics' partial hours read `status`
 *   from the heap (at most two hours of rows) instead of every delivery paying four index
 *   inserts and the bloat they leave;
 * - notifications and events keep 30% of each new page free for their updates (existing pages
 *   are not rewritten; new ones are filled to 70%);
 * - the provider message-id lookups (SES feedback) index only the attempts that have one: a
 *   webhook attempt no longer adds two index entries of NULL.
 */
export class HotDeliveryUpdates1764020000000 implements MigrationInterface {
  name = 'HotDeliveryUpdates1764020000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX notifications_project_created;
      CREATE INDEX notifications_project_created ON notifications (project_id, created_at DESC, id DESC) INCLUDE (channel);
      ALTER TABLE notifications SET (fillfactor = 70);
      ALTER TABLE events SET (fillfactor = 70);
      DROP INDEX notification_logs_message_id;
      DROP INDEX notification_logs_ses_message_id;
      CREATE INDEX notification_logs_message_id ON notification_logs ((provider_response->>'message_id'))
        WHERE provider_response->>'message_id' IS NOT NULL;
      CREATE INDEX notification_logs_ses_message_id ON notification_logs ((provider_response->>'ses_message_id'))
        WHERE provider_response->>'ses_message_id' IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX notifications_project_created;
      CREATE INDEX notifications_project_created ON notifications (project_id, created_at DESC, id DESC) INCLUDE (channel, status);
      ALTER TABLE notifications RESET (fillfactor);
      ALTER TABLE events RESET (fillfactor);
      DROP INDEX notification_logs_message_id;
      DROP INDEX notification_logs_ses_message_id;
      CREATE INDEX notification_logs_message_id ON notification_logs ((provider_response->>'message_id'));
      CREATE INDEX notification_logs_ses_message_id ON notification_logs ((provider_response->>'ses_message_id'));
    `);
  }
}
