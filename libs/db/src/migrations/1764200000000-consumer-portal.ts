import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The consumer portal (docs/consumers.md): single-use codes a project's backend mints for one
 * consumer, the sessions they are exchanged for (both stored only as SHA-256 hashes), and the
 * project's portal settings (the origins that may frame the page, its theme).
 */
export class ConsumerPortal1764200000000 implements MigrationInterface {
  name = 'ConsumerPortal1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE portal_codes (
        code_hash text PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        consumer_id uuid NOT NULL REFERENCES consumers(id) ON DELETE CASCADE,
        session_ttl_s integer NOT NULL CHECK (session_ttl_s > 0),
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      -- The purge job's scan; the foreign key's ON DELETE CASCADE uses the consumer's.
      CREATE INDEX portal_codes_expires ON portal_codes (expires_at);
      CREATE INDEX portal_codes_consumer ON portal_codes (consumer_id);

      CREATE TABLE portal_sessions (
        token_hash text PRIMARY KEY,
        id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        consumer_id uuid NOT NULL REFERENCES consumers(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX portal_sessions_expires ON portal_sessions (expires_at);
      CREATE INDEX portal_sessions_consumer ON portal_sessions (consumer_id);

      CREATE TABLE portal_settings (
        project_id uuid PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
        allowed_origins text[] NOT NULL DEFAULT '{}',
        theme jsonb NOT NULL DEFAULT '{}',
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE portal_settings, portal_sessions, portal_codes;
    `);
  }
}
