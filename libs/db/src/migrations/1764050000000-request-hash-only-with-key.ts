import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An event's request hash exists to tell a retry from a reused idempotency key, so only a keyed
 * event needs one: the api no longer computes it for the others (a canonical copy of the body and
 * a SHA-256, ~4% of its CPU per event). The check states the rule the replay path relies on.
 *
 * Outside a transaction, one statement at a time: the column change and the NOT VALID check take
 * their table lock for a moment each, and the validation's scan of every event then runs under a
 * lock that lets reads and writes go on (in one transaction the first lock would be held for the
 * whole scan, stopping intake). Each step can run again.
 */
export class RequestHashOnlyWithKey1764050000000 implements MigrationInterface {
  name = 'RequestHashOnlyWithKey1764050000000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE events ALTER COLUMN request_hash DROP NOT NULL`);
    await q.query(`ALTER TABLE events DROP CONSTRAINT IF EXISTS events_keyed_request_hash`);
    await q.query(
      `ALTER TABLE events ADD CONSTRAINT events_keyed_request_hash CHECK (idempotency_key IS NULL OR request_hash IS NOT NULL) NOT VALID`,
    );
    await q.query(`ALTER TABLE events VALIDATE CONSTRAINT events_keyed_request_hash`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE events DROP CONSTRAINT IF EXISTS events_keyed_request_hash`);
    await q.query(`UPDATE events SET request_hash = '' WHERE request_hash IS NULL`);
    await q.query(`ALTER TABLE events ALTER COLUMN request_hash SET NOT NULL`);
  }
}
