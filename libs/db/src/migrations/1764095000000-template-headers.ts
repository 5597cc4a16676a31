import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A template's extra email headers (`X-*`, `List-Id`), by name; null when it has none. jsonb, not
 * a table: they are read and written with the template, never queried on their own, and fan-out
 * copies them into the event's stored content as they are.
 */
export class TemplateHeaders1764095000000 implements MigrationInterface {
  name = 'TemplateHeaders1764095000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE templates ADD COLUMN headers jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE templates DROP COLUMN headers`);
  }
}
