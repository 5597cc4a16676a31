import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A member's bearer with X-Herald-Project (the console) may schedule events as an API key does:
 * no key acted then, so api_key_id is null, as it already may be on events.
 */
export class ScheduledByMember1764088000000 implements MigrationInterface {
  name = 'ScheduledByMember1764088000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE scheduled_events ALTER COLUMN api_key_id DROP NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM scheduled_events WHERE api_key_id IS NULL;
      ALTER TABLE scheduled_events ALTER COLUMN api_key_id SET NOT NULL;
    `);
  }
}
