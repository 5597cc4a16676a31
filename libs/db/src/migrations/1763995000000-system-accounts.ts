import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * System accounts (issue 9): machine administrators holding explicit `/admin/*` permissions, and
 * their credentials (only the SHA-256 of each secret is kept). Audit entries name a system
 * account that acted in `actor_system_account_id`; no foreign key, so the entry keeps saying who
 * acted after the account is deleted.
 */
export class SystemAccounts1763995000000 implements MigrationInterface {
  name = 'SystemAccounts1763995000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE system_accounts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        permissions text[] NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE system_account_credentials (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        system_account_id uuid NOT NULL REFERENCES system_accounts(id) ON DELETE CASCADE,
        secret_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz
      );
      CREATE INDEX system_account_credentials_account ON system_account_credentials (system_account_id, created_at);
      ALTER TABLE audit_log ADD COLUMN actor_system_account_id uuid;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE audit_log DROP COLUMN actor_system_account_id; DROP TABLE system_account_credentials; DROP TABLE system_accounts',
    );
  }
}
