import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operators' replacements for Herald's own emails (issue 9, `/admin/system-templates`): one row
 * per built-in template that was customized; no row means the built-in one is sent. Who last
 * changed it is kept without a foreign key, as in the audit log, so it keeps saying who acted
 * after that user or system account is gone.
 */
export class SystemTemplates1763998000000 implements MigrationInterface {
  name = 'SystemTemplates1763998000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE system_templates (
        name text PRIMARY KEY,
        subject text,
        body text NOT NULL,
        text_body text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by_user_id uuid,
        updated_by_system_account_id uuid
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE system_templates');
  }
}
