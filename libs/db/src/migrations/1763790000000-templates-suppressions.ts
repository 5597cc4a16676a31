import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TemplatesSuppressions1763790000000 implements MigrationInterface {
  name = 'TemplatesSuppressions1763790000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE templates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name text NOT NULL,
        channel text NOT NULL CHECK (channel IN ('email', 'sms', 'webhook')),
        subject text,
        body text NOT NULL,
        text_body text,
        from_local text,
        from_name text,
        reply_to text,
        variables text[] NOT NULL DEFAULT '{}',
        on_missing_variable text NOT NULL DEFAULT 'error' CHECK (on_missing_variable IN ('error', 'blank')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (project_id, name, channel)
      );
      CREATE INDEX templates_project_created ON templates (project_id, created_at DESC, id DESC);

      CREATE TABLE suppressions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        channel text NOT NULL CHECK (channel IN ('email', 'sms', 'webhook')),
        -- normalised: email lower-cased, phone E.164, URL as given
        recipient text NOT NULL,
        reason text NOT NULL DEFAULT 'manual' CHECK (reason IN ('hard_bounce', 'spam_complaint', 'manual')),
        source text NOT NULL DEFAULT 'client' CHECK (source IN ('system', 'client')),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (project_id, channel, recipient)
      );
      CREATE INDEX suppressions_project_created ON suppressions (project_id, created_at DESC, id DESC);

      -- What fan-out rendered for this notification; an edit to the template after fan-out does not change it.
      ALTER TABLE notifications ADD COLUMN content jsonb;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notifications DROP COLUMN content; DROP TABLE suppressions, templates;`);
  }
}
