import { createLogger } from '@herald/logger';
import request from 'supertest';
import { startApi } from '../../../services/api/src/app';
import { deleteTestTopology } from '../../support/amqp-cleanup';
import { aProject } from '../../support/projects';
import { startSystem, type RunningSystem } from '../../support/system';
import { testConfig } from '../../support/test-env';

const config = testConfig({ SMTP_URL: 'smtp://mailer:hunter2@smtp.example.com:587', EMAIL_FROM: 'notify@acme.example' });
let system: RunningSystem;

beforeAll(async () => {
  system = await startSystem(config);
});
afterAll(async () => {
  await system.stop();
  await deleteTestTopology(config);
});

const http = (baseUrl = system.api.baseUrl) => request(baseUrl.replace(/\/api\/v1$/, ''));
const anEvent = {
  event_type: 'usage.test',
  recipients: [{ channels: ['email'], email: 'a@example.com' }],
  payload: {},
  inline: { html: 'x' },
};

async function usageOf(key: string, query: string) {
  const res = await http().get(`/api/v1/usage${query}`).set('X-API-Key', key);
  expect(res.status).toBe(200);
  return res.body;
}

describe('usage', () => {
  it('when requests are made, then they count per route template and method, per hour, once flushed', async () => {
    const p = await aProject(system.api.db, config);
    const created = await http().post('/api/v1/events').set('X-API-Key', p.api_key).send(anEvent).expect(202);
    await http().post('/api/v1/events').set('X-API-Key', p.api_key).send({ event_type: 'x' }).expect(422);
    await http().get(`/api/v1/events/${created.body.id}`).set('X-API-Key', p.api_key).expect(200);
    await http().get('/api/v1/events/00000000-0000-4000-8000-000000000000').set('X-API-Key', p.api_key).expect(404);
    await system.api.flushUsage();

    const byId = await usageOf(p.api_key, `?endpoint=${encodeURIComponent('/events/{id}')}`);
    const hour = new Date(Math.floor(Date.now() / 3600_000) * 3600_000).toISOString();
    expect(byId.items).toEqual([{ hour: expect.any(String), endpoint: '/events/{id}', method: 'GET', request_count: 2 }]);
    expect([hour, new Date(Date.parse(hour) - 3600_000).toISOString()]).toContain(byId.items[0].hour);
    const posts = await usageOf(p.api_key, '?endpoint=/events');
    expect(posts.items).toEqual([expect.objectContaining({ endpoint: '/events', method: 'POST', request_count: 2 })]);
    const everything = await usageOf(p.api_key, '?per_page=100');
    expect(everything.items.every((i: { endpoint: string }) => !i.endpoint.includes(created.body.id))).toBe(true);
  });

  it('when from and to leave out the hour, then nothing comes back; when they include it, it does', async () => {
    const p = await aProject(system.api.db, config);
    await http().get('/api/v1/templates').set('X-API-Key', p.api_key).expect(200);
    await system.api.flushUsage();
    const future = encodeURIComponent(new Date(Date.now() + 2 * 3600_000).toISOString());
    const past = encodeURIComponent(new Date(Date.now() - 2 * 3600_000).toISOString());
    expect((await usageOf(p.api_key, `?endpoint=/templates&from=${future}`)).total).toBe(0);
    expect((await usageOf(p.api_key, `?endpoint=/templates&to=${past}`)).total).toBe(0);
    expect((await usageOf(p.api_key, `?endpoint=/templates&from=${past}&to=${future}`)).items[0].request_count).toBe(1);
  });

  it('when an api process stops, then it flushes what it counted', async () => {
    const api = await startApi(config, createLogger('test', config.LOG_LEVEL));
    const p = await aProject(api.db, config);
    for (let i = 0; i < 3; i++) await http(api.baseUrl).get('/api/v1/suppressions').set('X-API-Key', p.api_key).expect(200);
    await api.stop();
    const { rows } = await system.api.db.query('SELECT endpoint, method, request_count::int AS n FROM usage_hourly WHERE project_id = $1', [
      p.project_id,
    ]);
    expect(rows).toEqual([{ endpoint: '/suppressions', method: 'GET', n: 3 }]);
  });

  it('when a key lacks usage:read, then 403', async () => {
    const p = await aProject(system.api.db, config, ['events:read']);
    const res = await http().get('/api/v1/usage').set('X-API-Key', p.api_key);
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/usage:read/);
  });
});
