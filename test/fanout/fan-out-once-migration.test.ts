import { useMigrationDatabase } from '../support/migration-database';

const database = useMigrationDatabase('fan_out_once');

const indexes = `SELECT c.relname AS name, i.indisvalid AS valid, i.indisunique AS unique
  FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
  WHERE i.indrelid = 'notifications'::regclass AND c.relname IN ('notifications_fan_out_once', 'notifications_endpoint_created')
  ORDER BY c.relname`;

describe('the notification-endpoints migration (indexes built concurrently)', () => {
  it('when an earlier run left its unique index invalid, then running it again finishes it and only then drops the old constraint', async () => {
    await database.migrateUpTo('NotificationEndpoints1764110000000');
    const db = await database.connect();
    try {
      // What a CONCURRENTLY build that failed half-way leaves: the column, and an invalid index.
      await db.query('ALTER TABLE notifications ADD COLUMN endpoint_id uuid');
      await db.query(
        'CREATE UNIQUE INDEX notifications_fan_out_once ON notifications (event_id, recipient_index, channel, endpoint_id) NULLS NOT DISTINCT',
      );
      await db.query(`UPDATE pg_index SET indisvalid = false WHERE indexrelid = 'notifications_fan_out_once'::regclass`);

      await database.migrateAll();

      expect((await db.query(indexes)).rows).toEqual([
        { name: 'notifications_endpoint_created', valid: true, unique: false },
        { name: 'notifications_fan_out_once', valid: true, unique: true },
      ]);
      const oldKey = await db.query(`SELECT 1 FROM pg_constraint WHERE conname = 'notifications_event_id_recipient_index_channel_key'`);
      expect(oldKey.rowCount).toBe(0);
    } finally {
      await db.end();
    }
  });
});
