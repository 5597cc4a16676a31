import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Endpoint health (docs/consumers.md). `next_send_at`: the rate limit's global schedule, the
 * first free send slot of a rate-limited endpoint, moved on by each webhook worker claiming one
 * (NULL until the first claim). `failing_since`: the first failed attempt after the last success
 * (NULL while the endpoint delivers); an endpoint failing for ENDPOINT_DISABLE_AFTER_HOURS is
 * disabled. Both nullable without a default: adding them rewrites no row.
 */
export class EndpointHealth1764210000000 implements MigrationInterface {
  name = 'EndpointHealth1764210000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE consumer_endpoints ADD COLUMN next_send_at timestamptz, ADD COLUMN failing_since timestamptz;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE consumer_endpoints DROP COLUMN next_send_at, DROP COLUMN failing_since;
    `);
  }
}
