import type { Config } from '@herald/config';
import { createLogger } from '@herald/logger';
import request from 'supertest';
import { startApi, type RunningApi } from '../../../services/api/src/app';
import { deleteTestTopology } from '../../support/amqp-cleanup';
import { eventually } from '../../support/eventually';
import { testConfig } from '../../support/test-env';
import { anOrganization, bearer } from '../projects/members.support';

// A key cache that would hold a revoked key for a minute, longer than eventually() waits: only the change
// notifications can refuse it in time.
let config: Config;
let one: RunningApi;
let two: RunningApi;

beforeAll(async () => {
  config = testConfig({ API_KEY_CACHE_TTL_MS: '60000' });
  one = await startApi(config, createLogger('api-1', config.LOG_LEVEL));
  two = await startApi(config, createLogger('api-2', config.LOG_LEVEL));
});
afterAll(async () => {
  await one?.stop();
  await two?.stop();
  await deleteTestTopology(config);
});

const at = (api: RunningApi) => request(api.baseUrl.replace(/\/api\/v1$/, ''));
const eventsWith = (api: RunningApi, key: string) => at(api).get('/api/v1/events').set('X-API-Key', key);

async function aKeyCachedByTwo(scopes = ['events:read']) {
  const org = await anOrganization(one.db, config);
  const created = await at(one)
    .post(`/api/v1/projects/${org.project_id}/api-keys`)
    .set(bearer(org.access_token))
    .send({ name: 'k', scopes });
  expect((await eventsWith(two, created.body.key)).status).toBe(200);
  return { org, key: created.body, keyPath: `/api/v1/projects/${org.project_id}/api-keys/${created.body.id}` };
}

describe('key changes reach every api process', () => {
  it('when a key is revoked through one api process, then another that has it cached refuses it', async () => {
    const { org, key, keyPath } = await aKeyCachedByTwo();
    expect((await at(one).delete(keyPath).set(bearer(org.access_token))).status).toBe(204);
    await eventually(async () => expect((await eventsWith(two, key.key)).status).toBe(401));
  });

  it('when a key loses a scope through one process, then another refuses that scope', async () => {
    const { org, key, keyPath } = await aKeyCachedByTwo();
    await at(one)
      .patch(keyPath)
      .set(bearer(org.access_token))
      .send({ scopes: ['templates:read'] });
    await eventually(async () => expect((await eventsWith(two, key.key)).status).toBe(403));
  });

  it('when a project is deleted through one process, then another refuses its keys', async () => {
    const { org, key } = await aKeyCachedByTwo();
    expect((await at(one).delete(`/api/v1/projects/${org.project_id}`).set(bearer(org.access_token))).status).toBe(204);
    await eventually(async () => expect((await eventsWith(two, key.key)).status).toBe(401));
  });

  it('when the listening connection drops, then it reconnects and later revocations still reach the process', async () => {
    const { rows } = await one.db.query<{ n: number }>(
      "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = 'herald-api-key-changes' AND datname = current_database()",
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(2);
    const { org, key, keyPath } = await aKeyCachedByTwo();
    await eventually(async () => {
      const listening = await one.db.query(
        "SELECT 1 FROM pg_stat_activity WHERE application_name = 'herald-api-key-changes' AND datname = current_database()",
      );
      expect(listening.rows.length).toBeGreaterThanOrEqual(2);
    });
    expect((await eventsWith(two, key.key)).status).toBe(200);
    await at(one).delete(keyPath).set(bearer(org.access_token));
    await eventually(async () => expect((await eventsWith(two, key.key)).status).toBe(401));
  });
});
