import type { MigrationInterface, QueryRunner } from 'typeorm';

const EXPRESSION = `notification_logs ((provider_response->>'message_id'))`;

/**
 * The message id index served SES feedback only (reports name the id Herald gave the email), yet
 * indexed every webhook attempt's random id too: a random-key insert per delivery. It now holds
 * the attempts that name a provider (email and SMS record theirs; webhooks have none), and the
 * feedback lookup states the same condition (SUPPRESS_FROM_FEEDBACK).
 *
 * Built CONCURRENTLY, outside a transaction, beside the old index, which is then dropped and the
 * new one renamed: a plain CREATE INDEX would hold writes to notification_logs (every worker's
 * attempt records) for as long as it scans a table that grows by a row per delivery. An index a
 * failed build left invalid is dropped first, so running the migration again finishes it.
 */
export class EmailMessageIdIndex1764065000000 implements MigrationInterface {
  name = 'EmailMessageIdIndex1764065000000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS notification_logs_message_id_next`);
    await q.query(
      `CREATE INDEX CONCURRENTLY notification_logs_message_id_next ON ${EXPRESSION}
        WHERE provider_response ? 'provider' AND provider_response->>'message_id' IS NOT NULL`,
    );
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS notification_logs_message_id`);
    await q.query(`ALTER INDEX notification_logs_message_id_next RENAME TO notification_logs_message_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS notification_logs_message_id_next`);
    await q.query(
      `CREATE INDEX CONCURRENTLY notification_logs_message_id_next ON ${EXPRESSION} WHERE provider_response->>'message_id' IS NOT NULL`,
    );
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS notification_logs_message_id`);
    await q.query(`ALTER INDEX notification_logs_message_id_next RENAME TO notification_logs_message_id`);
  }
}
