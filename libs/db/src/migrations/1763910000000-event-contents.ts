import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rendered content moves from every notification to one row per event and channel: fan-out
 * renders once per event and channel anyway, and 1,000 recipients of a 2 MB email used to
 * store (and send through the broker) 2 GB. Notifications find theirs by (event_id, channel).
 * Existing content is carried over (all notifications of an event and channel hold the same).
 * `events.failure_reason` says why an event ended `failed` without its notifications doing so
 * (fan-out gave up on it).
 */
export class EventContents1763910000000 implements MigrationInterface {
  name = 'EventContents1763910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE event_contents (
        event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        channel text NOT NULL CHECK (channel IN ('email', 'sms')),
        content jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (event_id, channel)
      );
      INSERT INTO event_contents (event_id, channel, content)
      SELECT DISTINCT ON (event_id, channel) event_id, channel, content
        FROM notifications WHERE content IS NOT NULL AND channel IN ('email', 'sms')
       ORDER BY event_id, channel, created_at;
      ALTER TABLE notifications DROP COLUMN content;
      ALTER TABLE events ADD COLUMN failure_reason text;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE events DROP COLUMN failure_reason;
      ALTER TABLE notifications ADD COLUMN content jsonb;
      UPDATE notifications n SET content = c.content FROM event_contents c WHERE c.event_id = n.event_id AND c.channel = n.channel;
      DROP TABLE event_contents;
    `);
  }
}
