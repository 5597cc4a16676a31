import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Projects and API keys managed by people (issue 8).
 *
 * Projects gain a description and, for a signing-secret rotation, the previous secret (sealed)
 * with the end of its grace period: the webhook worker signs with both until then.
 *
 * API keys gain an expiry (set by the caller, or by a rotation's grace period), the time of
 * their last use (written at most once a minute per key) and the key that replaced them. Every
 * change that can refuse a key (revocation, scopes, expiry, deletion, also through the project's
 * ON DELETE CASCADE) sends its id on the `herald_api_key_changed` channel when it commits, so
 * every api process evicts the key from its cache at once.
 */
export class ProjectsApiKeys1763970000000 implements MigrationInterface {
  name = 'ProjectsApiKeys1763970000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE projects
        ADD COLUMN description text,
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
        ADD COLUMN previous_signing_secret_sealed text,
        ADD COLUMN previous_signing_secret_expires_at timestamptz;

      ALTER TABLE api_keys
        ADD COLUMN expires_at timestamptz,
        ADD COLUMN last_used_at timestamptz,
        ADD COLUMN replaced_by uuid,
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

      CREATE FUNCTION herald_notify_api_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('herald_api_key_changed', OLD.id::text);
        RETURN NULL;
      END $$;
      -- last_used_at and name changes do not affect authentication: they send nothing.
      CREATE TRIGGER api_keys_changed AFTER UPDATE ON api_keys FOR EACH ROW
        WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
              OR OLD.scopes IS DISTINCT FROM NEW.scopes
              OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
              OR OLD.project_id IS DISTINCT FROM NEW.project_id)
        EXECUTE FUNCTION herald_notify_api_key_changed();
      CREATE TRIGGER api_keys_deleted AFTER DELETE ON api_keys FOR EACH ROW
        EXECUTE FUNCTION herald_notify_api_key_changed();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER api_keys_deleted ON api_keys;
      DROP TRIGGER api_keys_changed ON api_keys;
      DROP FUNCTION herald_notify_api_key_changed();
      ALTER TABLE api_keys DROP COLUMN updated_at, DROP COLUMN replaced_by, DROP COLUMN last_used_at, DROP COLUMN expires_at;
      ALTER TABLE projects
        DROP COLUMN previous_signing_secret_expires_at, DROP COLUMN previous_signing_secret_sealed,
        DROP COLUMN updated_at, DROP COLUMN description;
    `);
  }
}
