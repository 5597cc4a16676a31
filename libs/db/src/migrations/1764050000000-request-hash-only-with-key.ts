import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An event's request hash exists to tell a retry from a reused idempotency key, so only a keyed
 * event needs one: the api no longer computes it for the others (a canonical copy of the body and
 * a SHA-256, ~4% of its CPU per event). The check states the rule the replay path relies on.
 */
export class RequestHashOnlyWithKey1764050000000 implements MigrationInterface {
  name = 'RequestHashOnlyWithKey1764050000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE events ALTER COLUMN request_hash DROP NOT NULL;
      ALTER TABLE events ADD CONSTRAINT events_keyed_request_hash CHECK (idempotency_key IS NULL OR request_hash IS NOT NULL) NOT VALID;
      ALTER TABLE events VALIDATE CONSTRAINT events_keyed_request_hash;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE events DROP CONSTRAINT events_keyed_request_hash;
      UPDATE events SET request_hash = '' WHERE request_hash IS NULL;
      ALTER TABLE events ALTER COLUMN request_hash SET NOT NULL;
    `);
  }
}
