import { randomUUID } from 'node:crypto';
import { Database } from '@herald/db';
import { FanoutRepository } from '../../services/fanout/src/data/fanout.repository';
import { planFanOut } from '../../services/fanout/src/domain/fan-out-event.use-case';
import { aProject } from '../support/projects';
import { testConfig } from '../support/test-env';

/**
 * Notifications have no foreign key to their event: fan-out's insert locks each event itself and
 * creates nothing for one that is gone, and deleting an event deletes its notifications.
 */
const config = testConfig();
let db: Database;

beforeAll(async () => {
  db = await Database.connect(config.DATABASE_URL, 2);
});
afterAll(async () => {
  await db.close();
});

async function anEvent(projectId: string): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO events (id, project_id, event_type, payload, recipients, content, recipient_count, notification_count)
     VALUES ($1, $2, 'x', '{}', '[{"channels": ["webhook"], "webhook_url": "https://example.com/hook"}]', '{"inline": {"html": "<p>x</p>"}}', 1, 1)`,
    [id, projectId],
  );
  return id;
}

const count = async (sql: string, id: string) => (await db.query<{ n: number }>(sql, [id])).rows[0].n;
const notificationsOf = (eventId: string) => count('SELECT count(*)::int AS n FROM notifications WHERE event_id = $1', eventId);

describe('fan-out and deleted events', () => {
  it('when the event is deleted between fan-out loading and inserting, then nothing is created for it and nothing fails', async () => {
    const { project_id: projectId } = await aProject(db, config);
    const [gone, kept] = [await anEvent(projectId), await anEvent(projectId)];
    const repo = new FanoutRepository(db);
    const loaded = await repo.loadEvents([gone, kept]);
    const batch = loaded.map((event) => ({ event: event!, ...planFanOut(event!) }));

    await db.query('DELETE FROM events WHERE id = $1', [gone]);
    const [forGone, forKept] = await repo.createNotifications(batch);

    expect(forGone).toBeUndefined();
    expect(await notificationsOf(gone)).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM event_contents WHERE event_id = $1', gone)).toBe(0);
    expect(forKept?.pending).toHaveLength(1);
    expect(await notificationsOf(kept)).toBe(1);
  });

  it('when an event is deleted, then its notifications, their logs and dead letters go with it', async () => {
    const { project_id: projectId } = await aProject(db, config);
    const id = await anEvent(projectId);
    const repo = new FanoutRepository(db);
    const [event] = await repo.loadEvents([id]);
    const [created] = await repo.createNotifications([{ event: event!, ...planFanOut(event!) }]);
    const notificationId = created!.pending[0].id;
    await db.query(`INSERT INTO notification_logs (notification_id, attempt, status) VALUES ($1, 1, 'failed')`, [notificationId]);
    await db.query(
      `INSERT INTO dead_letters (project_id, notification_id, channel, recipient, retry_count, status, error_type, error_message, message)
       VALUES ($1, $2, 'webhook', 'https://example.com/hook', 0, 'active', 'permanent_failure', 'HTTP 410', '{}')`,
      [projectId, notificationId],
    );

    await db.query('DELETE FROM events WHERE id = $1', [id]);

    expect(await notificationsOf(id)).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM notification_logs WHERE notification_id = $1', notificationId)).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM dead_letters WHERE notification_id = $1', notificationId)).toBe(0);
  });
});
