import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A connect flow used to link the provider's account at the callback, to whoever had started the
 * flow: an attacker could start one and get a victim's browser through it, and the victim's
 * account was linked to the attacker's user. Now the callback only records what the provider
 * verified (provider, subject, email) with the one-time code, and the link is made when the code
 * is redeemed with the bearer of the user who started the flow. So a connect code has no
 * identity yet; a login code still has one.
 */
export class OAuthConnectAtRedemption1764083000000 implements MigrationInterface {
  name = 'OAuthConnectAtRedemption1764083000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE oauth_codes
        ALTER COLUMN identity_id DROP NOT NULL,
        ADD COLUMN provider text,
        ADD COLUMN subject text,
        ADD COLUMN email text,
        ADD CONSTRAINT oauth_codes_identity_or_verified CHECK (
          (intent = 'login' AND identity_id IS NOT NULL)
          OR (intent = 'connect' AND provider IS NOT NULL AND subject IS NOT NULL AND email IS NOT NULL)
        );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM oauth_codes WHERE identity_id IS NULL;
      ALTER TABLE oauth_codes
        DROP CONSTRAINT oauth_codes_identity_or_verified,
        DROP COLUMN provider,
        DROP COLUMN subject,
        DROP COLUMN email,
        ALTER COLUMN identity_id SET NOT NULL;
    `);
  }
}
