import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A notification's project is its event's (fan-out copies it, and nothing else inserts
 * notifications), and deleting a project already removes its notifications through its events
 * (events -> projects and notifications -> events both cascade). The direct notifications ->
 * projects key added nothing but a check per inserted row and a FOR KEY SHARE lock on the
 * project's row in every fan-out transaction, while the api's event inserts take the same lock
 * on the same row: a project's busiest row, shared by both writers (issue 12: ~11% of fan-out's
 * insert of 100 notifications under EXPLAIN ANALYZE).
 */
export class NotificationsProjectThroughEvent1764040000000 implements MigrationInterface {
  name = 'NotificationsProjectThroughEvent1764040000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notifications DROP CONSTRAINT notifications_project_id_fkey`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE notifications ADD CONSTRAINT notifications_project_id_fkey FOREIGN KEY (project_id) REFERENCES projects(id) ON DELETE CASCADE`,
    );
  }
}
