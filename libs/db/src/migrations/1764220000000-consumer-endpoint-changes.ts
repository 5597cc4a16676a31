import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The webhook worker caches consumer endpoints when a first delivery to one skips the
 * notification read (docs/consumers.md). Every change of what that delivery reads of an endpoint
 * (its secrets, rate limit, disabled or failing state, its project) and its deletion send the
 * endpoint's id on `herald_consumer_endpoint_changed` when it commits, so every worker drops its
 * copy at once. `next_send_at`, moved by every send to a rate-limited endpoint, announces nothing.
 */
export class ConsumerEndpointChanges1764220000000 implements MigrationInterface {
  name = 'ConsumerEndpointChanges1764220000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION herald_notify_consumer_endpoint_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('herald_consumer_endpoint_changed', OLD.id::text);
        RETURN NULL;
      END $$;
      CREATE TRIGGER consumer_endpoints_changed AFTER UPDATE ON consumer_endpoints FOR EACH ROW
        WHEN (OLD.signing_secret_sealed IS DISTINCT FROM NEW.signing_secret_sealed
              OR OLD.previous_signing_secret_sealed IS DISTINCT FROM NEW.previous_signing_secret_sealed
              OR OLD.previous_signing_secret_expires_at IS DISTINCT FROM NEW.previous_signing_secret_expires_at
              OR OLD.rate_limit_per_second IS DISTINCT FROM NEW.rate_limit_per_second
              OR (OLD.disabled_at IS NULL) <> (NEW.disabled_at IS NULL)
              OR (OLD.failing_since IS NULL) <> (NEW.failing_since IS NULL)
              OR OLD.project_id IS DISTINCT FROM NEW.project_id)
        EXECUTE FUNCTION herald_notify_consumer_endpoint_changed();
      CREATE TRIGGER consumer_endpoints_deleted AFTER DELETE ON consumer_endpoints FOR EACH ROW
        EXECUTE FUNCTION herald_notify_consumer_endpoint_changed();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER consumer_endpoints_deleted ON consumer_endpoints;
      DROP TRIGGER consumer_endpoints_changed ON consumer_endpoints;
      DROP FUNCTION herald_notify_consumer_endpoint_changed();
    `);
  }
}
