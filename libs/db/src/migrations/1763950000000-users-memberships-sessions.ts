import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Human sign-in (issue 8). Users stop belonging to one organization: a user is a person,
 * unique by email (case-insensitive), and `memberships` say which organizations they belong to
 * and with which role. Existing users are folded into one row per lower(email) (the oldest
 * wins) and each old (organization, role) becomes a membership.
 *
 * Sessions hold the tokens sign-in issues. Every token is opaque random and stored only as its
 * SHA-256 (hex): access tokens are checked against this table on every request, so revoking a
 * session takes effect at once; a refresh token is marked `rotated_at` when used, and presenting
 * it again revokes its session. Magic-link tokens remember the event that mailed them, so the
 * scrub job can overwrite the link in that event's stored content once it is delivered or
 * expired. The audit log gains entries that belong to no project (sign-in, logout) and a user
 * as actor.
 */
export class UsersMembershipsSessions1763950000000 implements MigrationInterface {
  name = 'UsersMembershipsSessions1763950000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE memberships (
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('owner', 'admin', 'developer', 'viewer')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organization_id, user_id)
      );
      CREATE INDEX memberships_user ON memberships (user_id);

      WITH canonical AS (
        SELECT id, first_value(id) OVER (PARTITION BY lower(email) ORDER BY created_at, id) AS keep FROM users
      )
      INSERT INTO memberships (organization_id, user_id, role, created_at)
      SELECT u.organization_id, c.keep,
             CASE WHEN u.role IN ('owner', 'admin', 'developer', 'viewer') THEN u.role ELSE 'owner' END, u.created_at
        FROM users u JOIN canonical c ON c.id = u.id
      ON CONFLICT (organization_id, user_id) DO NOTHING;
      DELETE FROM users u
       WHERE EXISTS (SELECT 1 FROM users k WHERE lower(k.email) = lower(u.email) AND (k.created_at, k.id) < (u.created_at, u.id));

      ALTER TABLE users DROP COLUMN organization_id, DROP COLUMN role;
      ALTER TABLE users ADD COLUMN name text, ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
      CREATE UNIQUE INDEX users_email_lower ON users (lower(email));

      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      );
      CREATE INDEX sessions_user_active ON sessions (user_id) WHERE revoked_at IS NULL;

      CREATE TABLE access_tokens (
        token_hash text PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX access_tokens_session ON access_tokens (session_id);

      CREATE TABLE refresh_tokens (
        token_hash text PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        rotated_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

      CREATE TABLE magic_link_tokens (
        token_hash text PRIMARY KEY,
        email text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        event_id uuid REFERENCES events(id) ON DELETE SET NULL,
        content_scrubbed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      -- The scrub job's work list: links whose email content may still hold the token.
      CREATE INDEX magic_link_tokens_unscrubbed ON magic_link_tokens (expires_at) WHERE content_scrubbed_at IS NULL;

      ALTER TABLE audit_log ALTER COLUMN project_id DROP NOT NULL;
      ALTER TABLE audit_log
        ADD COLUMN organization_id uuid REFERENCES organizations(id) ON DELETE CASCADE,
        ADD COLUMN actor_user_id uuid REFERENCES users(id) ON DELETE SET NULL;
      CREATE INDEX audit_log_actor_user_created ON audit_log (actor_user_id, created_at DESC) WHERE actor_user_id IS NOT NULL;
    `);
  }

  /** Lossy: each user goes back to its oldest organization; other memberships are dropped. */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM audit_log WHERE project_id IS NULL;
      DROP INDEX audit_log_actor_user_created;
      ALTER TABLE audit_log DROP COLUMN actor_user_id, DROP COLUMN organization_id;
      ALTER TABLE audit_log ALTER COLUMN project_id SET NOT NULL;
      DROP TABLE magic_link_tokens, refresh_tokens, access_tokens, sessions;
      DROP INDEX users_email_lower;
      ALTER TABLE users DROP COLUMN name, DROP COLUMN updated_at;
      ALTER TABLE users ADD COLUMN organization_id uuid REFERENCES organizations(id) ON DELETE CASCADE,
                        ADD COLUMN role text NOT NULL DEFAULT 'owner';
      UPDATE users u SET organization_id = m.organization_id, role = m.role
        FROM (SELECT DISTINCT ON (user_id) user_id, organization_id, role FROM memberships ORDER BY user_id, created_at) m
       WHERE m.user_id = u.id;
      DELETE FROM users WHERE organization_id IS NULL;
      ALTER TABLE users ALTER COLUMN organization_id SET NOT NULL, ADD CONSTRAINT users_organization_id_email_key UNIQUE (organization_id, email);
      DROP TABLE memberships;
    `);
  }
}
