import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a failed attempt's retry is due. The backoff is jittered, so only the worker that drew
 * the delay knows it: it is written with the attempt, and the console's timeline shows it.
 * Nullable: no retry follows a delivered or failed attempt, nor did any attempt logged before.
 */
export class AttemptNextRetry1764090000000 implements MigrationInterface {
  name = 'AttemptNextRetry1764090000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notification_logs ADD COLUMN next_retry_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notification_logs DROP COLUMN next_retry_at`);
  }
}
