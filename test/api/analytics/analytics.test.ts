import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { deleteTestTopology } from '../../support/amqp-cleanup';
import { aProject } from '../../support/projects';
import { startSystem, type RunningSystem } from '../../support/system';
import { testConfig } from '../../support/test-env';

const config = testConfig();
let system: RunningSystem;
let project: Awaited<ReturnType<typeof aProject>>;

const HOUR = 3600_000;
/** A whole UTC hour two days ago: every row below is placed relative to it. */
const T = new Date(Math.floor(Date.now() / HOUR) * HOUR - 48 * HOUR);
const at = (hours: number, minutes = 0) => new Date(T.getTime() + hours * HOUR + minutes * 60_000);

/** One event with notifications of the given channel and status, all created at `when`. */
async function anEventWith(when: Date, notifications: Array<[string, string]>): Promise<void> {
  const eventId = randomUUID();
  await system.api.db.query(
    `INSERT INTO events (id, project_id, event_type, status, payload, recipients, content, request_hash, recipient_count, notification_count, created_at)
     VALUES ($1, $2, 'stats', 'processing', '{}', '[]', '{}', 'test', $3, $3, $4)`,
    [eventId, project.project_id, notifications.length, when],
  );
  await system.api.db.query(
    `INSERT INTO notifications (project_id, event_id, recipient_index, channel, recipient, status, created_at)
     SELECT $1, $2, i - 1, c, 'r' || i, s, $5 FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS t(c, s, i)`,
    [project.project_id, eventId, notifications.map((n) => n[0]), notifications.map((n) => n[1]), when],
  );
}

beforeAll(async () => {
  system = await startSystem(config);
  project = await aProject(system.api.db, config);
  await anEventWith(at(0, 10), [
    ['email', 'delivered'],
    ['email', 'delivered'],
    ['email', 'failed'],
  ]);
  await anEventWith(at(2, 30), [
    ['webhook', 'delivered'],
    ['webhook', 'processing'],
    ['sms', 'suppressed'],
  ]);
  await anEventWith(at(25), [['sms', 'failed']]);
  // Whole hours are answered from the hourly rollup, which the api folds every 5 s; fold now.
  await system.api.compactRollup();
});
afterAll(async () => {
  await system.stop();
  await deleteTestTopology(config);
});

const http = () => request(system.api.baseUrl.replace(/\/api\/v1$/, ''));
const get = (path: string, key = project.api_key) => http().get(path).set('X-API-Key', key);
const range = (from: Date, to: Date) => `date_from=${from.toISOString()}&date_to=${to.toISOString()}`;

describe('GET /analytics', () => {
  it('when the range holds two events, then totals, per-channel sent/delivered/failed and the delivery rate add up', async () => {
    const res = await get(`/api/v1/analytics?${range(T, at(3))}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      date_from: T.toISOString(),
      date_to: at(3).toISOString(),
      total_events: 2,
      total_notifications: 6,
      delivery_rate: 0.75,
      channel_breakdown: {
        email: { sent: 3, delivered: 2, failed: 1 },
        sms: { sent: 0, delivered: 0, failed: 0 },
        webhook: { sent: 2, delivered: 1, failed: 0 },
      },
    });
  });

  it('when the range is widened, then later rows count and the bounds are inclusive', async () => {
    const res = await get(`/api/v1/analytics?${range(at(0, 10), at(25))}`);
    expect(res.body).toMatchObject({ total_events: 3, total_notifications: 7, delivery_rate: 0.6 });
    expect(res.body.channel_breakdown.sms).toEqual({ sent: 1, delivered: 0, failed: 1 });
  });

  it('when the range starts and ends inside hours, then only notifications inside it count', async () => {
    const partial = await get(`/api/v1/analytics?${range(at(0, 15), at(2, 40))}`);
    expect(partial.body).toMatchObject({ total_events: 1, total_notifications: 3 });
    expect(partial.body.channel_breakdown.webhook).toEqual({ sent: 2, delivered: 1, failed: 0 });
    const withinOneHour = await get(`/api/v1/analytics?${range(at(0, 5), at(0, 20))}`);
    expect(withinOneHour.body).toMatchObject({ total_events: 1, total_notifications: 3 });
    expect(withinOneHour.body.channel_breakdown.email).toEqual({ sent: 3, delivered: 2, failed: 1 });
  });

  it('when a status changes, then once the rollup is folded the answers move with it, and the partial hours at once', async () => {
    await system.api.db.query(
      "UPDATE notifications SET status = 'delivered' WHERE project_id = $1 AND channel = 'email' AND status = 'failed'",
      [project.project_id],
    );
    const partial = await get(`/api/v1/analytics?${range(at(0, 5), at(0, 20))}`);
    expect(partial.body.channel_breakdown.email).toEqual({ sent: 3, delivered: 3, failed: 0 });
    await system.api.compactRollup();
    const { rows } = await system.api.db.query('SELECT count(*)::int AS n FROM count_deltas WHERE project_id = $1', [project.project_id]);
    expect(rows[0].n).toBe(0);
    const whole = await get(`/api/v1/analytics?${range(T, at(3))}`);
    expect(whole.body.channel_breakdown.email).toEqual({ sent: 3, delivered: 3, failed: 0 });
    expect(whole.body.delivery_rate).toBe(1);

    await system.api.db.query(
      "UPDATE notifications SET status = 'failed' WHERE project_id = $1 AND channel = 'email' AND recipient = 'r3'",
      [project.project_id],
    );
    await system.api.compactRollup();
    expect((await get(`/api/v1/analytics?${range(T, at(3))}`)).body.channel_breakdown.email).toEqual({ sent: 3, delivered: 2, failed: 1 });
  });

  it('when nothing was sent in the range, then zeros everywhere and a delivery rate of 0', async () => {
    const res = await get(`/api/v1/analytics?${range(at(-10), at(-9))}`);
    expect(res.body).toMatchObject({ total_events: 0, total_notifications: 0, delivery_rate: 0 });
    expect(res.body.channel_breakdown.webhook).toEqual({ sent: 0, delivered: 0, failed: 0 });
  });

  it("when another project asks, then it sees none of this project's numbers", async () => {
    const stranger = await aProject(system.api.db, config);
    const res = await get(`/api/v1/analytics?${range(T, at(30))}`, stranger.api_key);
    expect(res.body).toMatchObject({ total_events: 0, total_notifications: 0 });
  });

  it('when date_to is a leap second (23:59:60Z), then the range ends at the next second instead of a 500', async () => {
    const day = T.toISOString().slice(0, 10);
    const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 24 * HOUR).toISOString();
    const res = await get(`/api/v1/analytics?date_from=${T.toISOString()}&date_to=${day}T23:59:60Z`);
    expect(res.status).toBe(200);
    expect(res.body.date_to).toBe(nextDay);
    const trend = await get(`/api/v1/analytics/trends?date_from=${day}T23:59:60Z&date_to=${at(30).toISOString()}&granularity=hour`);
    expect(trend.status).toBe(200);
    expect(trend.body.date_from).toBe(nextDay);
  });

  it('when date_from is after date_to, then 422', async () => {
    const res = await get(`/api/v1/analytics?${range(at(3), T)}`);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['query', 'date_from']);
  });
});

describe('GET /analytics/trends', () => {
  it('when bucketing by hour, then every hour of the range is present, empty ones as zeros', async () => {
    const res = await get(`/api/v1/analytics/trends?granularity=hour&${range(T, at(3, -1))}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ granularity: 'hour' });
    expect(res.body.series).toEqual([
      { bucket: T.toISOString(), notifications: 3, delivered: 2, failed: 1 },
      { bucket: at(1).toISOString(), notifications: 0, delivered: 0, failed: 0 },
      { bucket: at(2).toISOString(), notifications: 3, delivered: 1, failed: 0 },
    ]);
  });

  it('when bucketing by day (the default), then one UTC day per bucket from the day of date_from to the day of date_to', async () => {
    const res = await get(`/api/v1/analytics/trends?${range(T, at(25))}`);
    const day = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
    const days: string[] = [];
    for (let d = day(T); d <= day(at(25)); d = new Date(d.getTime() + 24 * HOUR)) days.push(d.toISOString());
    expect(res.body.granularity).toBe('day');
    expect(res.body.series.map((b: { bucket: string }) => b.bucket)).toEqual(days);
    expect(res.body.series.reduce((n: number, b: { notifications: number }) => n + b.notifications, 0)).toBe(7);
  });

  it('when the range needs more than 2000 buckets, then 422 says how to narrow it', async () => {
    const res = await get(`/api/v1/analytics/trends?granularity=hour&${range(at(-24 * 100), T)}`);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].msg).toMatch(/at most 2000/);
    expect((await get(`/api/v1/analytics/trends?granularity=week`)).status).toBe(422);
  });
});

describe('analytics scope', () => {
  it('when a key lacks analytics:read, then both endpoints are 403', async () => {
    const other = await aProject(system.api.db, config, ['events:read', 'analytics:write']);
    for (const path of ['/api/v1/analytics', '/api/v1/analytics/trends']) {
      const res = await get(path, other.api_key);
      expect(res.status).toBe(403);
      expect(res.body.detail).toMatch(/analytics:read/);
    }
  });
});
