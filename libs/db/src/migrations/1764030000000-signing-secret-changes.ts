import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The webhook worker caches projects' sealed signing secrets when a first delivery skips the
 * notification read (issue 12). Every change of a project's secrets (rotation, the previous
 * secret's grace period moved or ended, deletion) sends the project's id on the
 * `herald_signing_secret_changed` channel when it commits, so every worker drops its copy at once.
 */
export class SigningSecretChanges1764030000000 implements MigrationInterface {
  name = 'SigningSecretChanges1764030000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION herald_notify_signing_secret_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('herald_signing_secret_changed', OLD.id::text);
        RETURN NULL;
      END $$;
      CREATE TRIGGER projects_signing_secret_changed AFTER UPDATE ON projects FOR EACH ROW
        WHEN (OLD.signing_secret_sealed IS DISTINCT FROM NEW.signing_secret_sealed
              OR OLD.previous_signing_secret_sealed IS DISTINCT FROM NEW.previous_signing_secret_sealed
              OR OLD.previous_signing_secret_expires_at IS DISTINCT FROM NEW.previous_signing_secret_expires_at)
        EXECUTE FUNCTION herald_notify_signing_secret_changed();
      CREATE TRIGGER projects_signing_secret_deleted AFTER DELETE ON projects FOR EACH ROW
        EXECUTE FUNCTION herald_notify_signing_secret_changed();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER projects_signing_secret_deleted ON projects;
      DROP TRIGGER projects_signing_secret_changed ON projects;
      DROP FUNCTION herald_notify_signing_secret_changed();
    `);
  }
}
