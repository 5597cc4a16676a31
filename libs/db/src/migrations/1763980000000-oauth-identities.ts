import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * OAuth / OpenID Connect sign-in and account connection (issue 8).
 *
 * `oauth_identities` links a provider's account (provider, subject) to one user; a user may have
 * several. `oauth_authorizations` holds a sign-in in flight between authorize and callback, keyed
 * by the SHA-256 of its `state`; its PKCE verifier and nonce must be read back in plaintext at
 * the callback, so the row lives at most 10 minutes and is deleted when used. `oauth_codes` are
 * the one-time codes Herald hands the client's redirect_uri (SHA-256 only, 60 s, single use).
 */
export class OAuthIdentities1763980000000 implements MigrationInterface {
  name = 'OAuthIdentities1763980000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE oauth_identities (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        provider text NOT NULL,
        subject text NOT NULL,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        email text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (provider, subject)
      );
      CREATE INDEX oauth_identities_user ON oauth_identities (user_id, provider);

      CREATE TABLE oauth_authorizations (
        state_hash text PRIMARY KEY,
        provider text NOT NULL,
        intent text NOT NULL CHECK (intent IN ('login', 'connect')),
        user_id uuid REFERENCES users(id) ON DELETE CASCADE,
        redirect_uri text NOT NULL,
        code_verifier text NOT NULL,
        nonce text,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((intent = 'connect') = (user_id IS NOT NULL))
      );
      CREATE INDEX oauth_authorizations_expires ON oauth_authorizations (expires_at);

      CREATE TABLE oauth_codes (
        code_hash text PRIMARY KEY,
        intent text NOT NULL CHECK (intent IN ('login', 'connect')),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        identity_id uuid NOT NULL REFERENCES oauth_identities(id) ON DELETE CASCADE,
        user_created boolean NOT NULL DEFAULT false,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX oauth_codes_expires ON oauth_codes (expires_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE oauth_codes, oauth_authorizations, oauth_identities');
  }
}
