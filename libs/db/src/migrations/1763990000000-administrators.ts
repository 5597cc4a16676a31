import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Platform administrators (issue 9): a user holding explicit `/admin/*` permissions. There is no
 * default row: the first administrator is made by `herald admin grant` on the operator's shell.
 */
export class Administrators1763990000000 implements MigrationInterface {
  name = 'Administrators1763990000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE administrators (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        permissions text[] NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE administrators');
  }
}
