import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SES feedback names a message by the Message-ID we set or by SES's own id; both sit in the
 * attempt log's provider_response, so each gets an expression index. The outbox sees an insert
 * and a delete per event: vacuum it by row count, not by a fraction of a table that is nearly
 * always empty, so relay scans do not wade through dead rows.
 */
export class FeedbackLookupOutboxVacuum1763820000000 implements MigrationInterface {
  name = 'FeedbackLookupOutboxVacuum1763820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX notification_logs_message_id ON notification_logs ((provider_response->>'message_id'));
      CREATE INDEX notification_logs_ses_message_id ON notification_logs ((provider_response->>'ses_message_id'));
      ALTER TABLE outbox SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000,
                              autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 2000);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX notification_logs_message_id, notification_logs_ses_message_id;
      ALTER TABLE outbox RESET (autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold,
                                autovacuum_vacuum_insert_scale_factor, autovacuum_vacuum_insert_threshold);
    `);
  }
}
