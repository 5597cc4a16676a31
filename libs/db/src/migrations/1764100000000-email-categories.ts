import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Email categories (issue 28): a project declares the kinds of email it sends beyond the
 * implicit `transactional` one, a template may name one, and a suppression may cover one
 * category instead of every message.
 *
 * - `templates.category` NULL is `transactional` (never opted out of, never an unsubscribe
 *   header); the foreign key is the guard that a template names a declared category and that a
 *   category still named by a template cannot be deleted (23503).
 * - `suppressions.category` NULL covers every category (what every suppression meant before);
 *   one row per (project, channel, recipient, category), NULL included, so an opt-out from
 *   `marketing` and a hard bounce of the same address are two rows. Suppressions keep their
 *   category name when the category is deleted: a recipient who opted out stays out if the
 *   project declares it again.
 */
export class EmailCategories1764100000000 implements MigrationInterface {
  name = 'EmailCategories1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE categories (
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (name ~ '^[a-z0-9][a-z0-9_-]{0,63}$' AND name <> 'transactional'),
        description text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, name)
      );
      CREATE INDEX categories_project_created ON categories (project_id, created_at DESC, name DESC);

      ALTER TABLE templates ADD COLUMN category text;
      ALTER TABLE templates ADD CONSTRAINT templates_category_fkey
        FOREIGN KEY (project_id, category) REFERENCES categories (project_id, name);
      -- The foreign key's check when a category is deleted.
      CREATE INDEX templates_project_category ON templates (project_id, category) WHERE category IS NOT NULL;

      ALTER TABLE suppressions ADD COLUMN category text CHECK (category ~ '^[a-z0-9][a-z0-9_-]{0,63}$');
      ALTER TABLE suppressions DROP CONSTRAINT suppressions_project_id_channel_recipient_key;
      ALTER TABLE suppressions ADD CONSTRAINT suppressions_recipient_category_key
        UNIQUE NULLS NOT DISTINCT (project_id, channel, recipient, category);
      ALTER TABLE suppressions DROP CONSTRAINT suppressions_reason_check;
      ALTER TABLE suppressions ADD CONSTRAINT suppressions_reason_check
        CHECK (reason IN ('hard_bounce', 'spam_complaint', 'manual', 'unsubscribed'));
      ALTER TABLE suppressions DROP CONSTRAINT suppressions_source_check;
      ALTER TABLE suppressions ADD CONSTRAINT suppressions_source_check CHECK (source IN ('system', 'client', 'recipient'));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM suppressions WHERE category IS NOT NULL OR reason = 'unsubscribed' OR source = 'recipient';
      ALTER TABLE suppressions DROP CONSTRAINT suppressions_source_check;
      ALTER TABLE suppressions ADD CONSTRAINT suppressions_source_check CHECK (source IN ('system', 'client'));
      ALTER TABLE suppressions DROP CONSTRAINT suppressions_reason_check;
      ALTER TABLE suppressions ADD CONSTRAINT suppressions_reason_check CHECK (reason IN ('hard_bounce', 'spam_complaint', 'manual'));
      ALTER TABLE suppressions DROP CONSTRAINT suppressions_recipient_category_key;
      ALTER TABLE suppressions ADD CONSTRAINT suppressions_project_id_channel_recipient_key UNIQUE (project_id, channel, recipient);
      ALTER TABLE suppressions DROP COLUMN category;
      ALTER TABLE templates DROP COLUMN category;
      DROP TABLE categories;
    `);
  }
}
