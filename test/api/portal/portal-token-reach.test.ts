import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { loadOperations, OPENAPI_FILE, type Operation } from '../../support/fuzz/openapi-operations';
import { aProject } from '../../support/projects';
import { useSystem } from '../../support/system-fixture';

/**
 * A portal session reaches one consumer and nothing else (issue 27): every operation of
 * openapi.yaml is tried with a portal token, so an operation added later is covered without
 * touching this file.
 */
// An owner of this file's own: the sessions compared below are the owner's, and every other
// file's projects share theirs (each bootstrap starts a session for it, CI saw one land mid-test).
const OWNER = `portal-reach-${randomUUID()}@example.com`;
const f = useSystem({ owner: OWNER });
const api = () => f.http();
const operations = loadOperations();

/** operationId -> does its security list PortalAuth (read from the document, not from a list here). */
const takesPortal: Record<string, boolean> = (() => {
  const doc = load(readFileSync(OPENAPI_FILE, 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string; security?: object[] }>>;
  };
  const out: Record<string, boolean> = {};
  for (const item of Object.values(doc.paths))
    for (const op of Object.values(item))
      if (op && typeof op === 'object' && op.operationId) out[op.operationId] = (op.security ?? []).some((r) => 'PortalAuth' in r);
  return out;
})();

interface World {
  token: string;
  ids: Record<string, string>;
}

function created(res: { status: number; body: Record<string, unknown> }): Record<string, unknown> {
  if (![200, 201, 202].includes(res.status)) throw new Error(`setup call answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A consumer with an endpoint and one delivery to it, in the project of `key`. */
async function aConsumerWithDelivery(key: string, uid: string) {
  created(await api().post('/api/v1/consumers').set('X-API-Key', key).send({ uid, name: uid }));
  const endpoint = created(
    await await api().post(`/api/v1/consumers/${uid}/endpoints`).set('X-API-Key', key).send({ url: 'http://127.0.0.1:9/hook' }),
  );
  created(await api().post(`/api/v1/consumers/${uid}/endpoints/${endpoint.id}/test`).set('X-API-Key', key).send({}));
  let delivery: string | undefined;
  for (let i = 0; i < 100 && !delivery; i++) {
    const page = await api().get(`/api/v1/consumers/${uid}/endpoints/${endpoint.id}/deliveries`).set('X-API-Key', key);
    delivery = page.body.items?.[0]?.id;
    if (!delivery) await new Promise((r) => setTimeout(r, 100));
  }
  expect(delivery).toBeDefined();
  return { endpoint: String(endpoint.id), delivery: delivery! };
}

let world: World;
let mine: { endpoint: string; delivery: string };
let sibling: { endpoint: string; delivery: string };
let foreign: { endpoint: string; delivery: string };
let otherProject: Awaited<ReturnType<typeof aProject>>;

beforeAll(async () => {
  mine = await aConsumerWithDelivery(f.key, 'mine');
  sibling = await aConsumerWithDelivery(f.key, 'sibling');
  otherProject = await aProject(f.system.api.db, f.config, undefined, OWNER);
  foreign = await aConsumerWithDelivery(otherProject.api_key, 'foreign');
  created(await api().post('/api/v1/event-types').set('X-API-Key', f.key).send({ name: 'order.created', description: 'An order' }));
  const event = created(
    await await api()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send({
        event_type: 'order.created',
        payload: {},
        recipients: [{ consumer: 'mine', channels: ['webhook'] }],
        inline: { html: '<p>order</p>' },
      }),
  );
  const link = created(await api().post('/api/v1/consumers/mine/portal-sessions').set('X-API-Key', f.key).send({}));
  const session = created(
    await await api()
      .post('/api/v1/portal/sessions')
      .send({ code: new URL(String(link.url)).hash.slice('#code='.length) }),
  );
  world = {
    token: String(session.access_token),
    // Real ids of this project, the most a portal caller could hope to reach with.
    ids: {
      uid: 'mine',
      endpoint_id: mine.endpoint,
      notification_id: mine.delivery,
      project_id: f.project.project_id,
      organization_id: f.project.organization_id,
      key_id: f.project.api_key_id,
      user_id: f.project.user_id,
      name: 'order.created',
      id: String(event.id ?? randomUUID()),
    },
  };
}, 60_000);

function urlOf(op: Operation, ids: Record<string, string>): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const param = op.parameters.find((p) => p.in === 'path' && p.name === name);
    const value = param?.schema.enum?.[0] ?? ids[name] ?? randomUUID();
    return encodeURIComponent(String(value));
  });
}

function call(op: Operation, url: string, headers: Record<string, string>) {
  const req = api()[op.method](`/api/v1${url}`).set(headers);
  return op.method === 'get' || op.method === 'delete' ? req : req.send({});
}

/**
 * How this file's rows are found in each table: its two projects, their organization and their
 * owner (a user of this file's own).
 * Other test files write to the same database at the same time, so only rows a portal caller of
 * these projects could reach are compared; tables of the whole installation (outbox, queues,
 * platform accounts) are other files' too, and the status check above covers their operations.
 */
const projects = () => [f.project.project_id, otherProject.project_id];
const SCOPES: Array<[RegExp, string, () => unknown]> = [
  [/^notification_logs$/, 'notification_id IN (SELECT id FROM notifications WHERE project_id = ANY($1))', projects],
  [/^event_contents$/, 'event_id IN (SELECT id FROM events WHERE project_id = ANY($1))', projects],
  [/^projects$/, 'id = ANY($1)', projects],
  [/^organizations$/, 'id = $1', () => f.project.organization_id],
  [/^(memberships|invitations)$/, 'organization_id = $1', () => f.project.organization_id],
  [/^users$/, 'id = $1', () => f.project.user_id],
  [/^(sessions|oauth_identities)$/, 'user_id = $1', () => f.project.user_id],
];

/** This file's rows of every table that holds any, so "nothing changed" means exactly that. */
async function snapshot(): Promise<Record<string, string>> {
  const { rows: tables } = await f.system.api.db.query<{ name: string; scoped: boolean }>(
    `SELECT t.tablename AS name, EXISTS (SELECT 1 FROM information_schema.columns c
        WHERE c.table_schema = 'public' AND c.table_name = t.tablename AND c.column_name = 'project_id') AS scoped
       FROM pg_tables t WHERE t.schemaname = 'public' ORDER BY t.tablename`,
  );
  const out: Record<string, string> = {};
  for (const { name, scoped } of tables) {
    // Request counters move with every request, refused ones included (usage), and the analytics
    // rollup folds its deltas every 5 s: neither is something a caller changes.
    if (/^usage|migrations$|^count_deltas$|_counts_hourly$/.test(name)) continue;
    const scope = scoped ? (['', 'project_id = ANY($1)', projects] as const) : SCOPES.find(([table]) => table.test(name));
    if (!scope) continue;
    const { rows } = await f.system.api.db.query<{ digest: string | null }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t WHERE ${scope[1]}`,
      [scope[2]()],
    );
    out[name] = rows[0].digest ?? '';
  }
  return out;
}

/** The setup's events fan out and relay in the background: wait until the database stops moving. */
async function settled(): Promise<void> {
  let last = await snapshot();
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 200));
    const now = await snapshot();
    if (JSON.stringify(now) === JSON.stringify(last)) return;
    last = now;
  }
  throw new Error('the database kept changing');
}

describe('a portal session token', () => {
  it('when it calls any operation that does not list PortalAuth, with real ids of its own project, then it is refused and nothing changes', async () => {
    const outside = operations.filter((op) => !takesPortal[op.operationId]);
    expect(outside.length).toBeGreaterThan(100);
    await settled();
    const before = await snapshot();
    const answered: string[] = [];
    for (const op of outside) {
      const res = await call(op, urlOf(op, world.ids), { Authorization: `Bearer ${world.token}` });
      if (![401, 403, 404].includes(res.status)) answered.push(`${op.operationId} ${op.method.toUpperCase()} ${op.path}: ${res.status}`);
    }
    expect(answered).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("when it names another consumer of its project, or another project's, on any PortalAuth operation, then the answer is 404 and nothing changes", async () => {
    const inside = operations.filter((op) => takesPortal[op.operationId] && op.path.includes('{uid}'));
    expect(inside.length).toBeGreaterThanOrEqual(13);
    await settled();
    const before = await snapshot();
    const reached: string[] = [];
    for (const [uid, theirs] of [
      ['sibling', sibling],
      ['foreign', foreign],
    ] as const) {
      for (const op of inside) {
        const url = urlOf(op, { ...world.ids, uid, endpoint_id: theirs.endpoint, notification_id: theirs.delivery });
        const res = await call(op, url, { Authorization: `Bearer ${world.token}` });
        if (res.status !== 404) reached.push(`${op.operationId} as ${uid}: ${res.status}`);
      }
    }
    expect(reached).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("when it names its own consumer but another consumer's endpoint, then that endpoint is not found", async () => {
    for (const path of ['', '/deliveries', `/deliveries/${sibling.delivery}`]) {
      const res = await api()
        .get(`/api/v1/consumers/mine/endpoints/${sibling.endpoint}${path}`)
        .set('Authorization', `Bearer ${world.token}`);
      expect(res.status).toBe(404);
    }
    const notThisEndpoints = await api()
      .get(`/api/v1/consumers/mine/endpoints/${mine.endpoint}/deliveries/${sibling.delivery}`)
      .set('Authorization', `Bearer ${world.token}`);
    expect(notThisEndpoints.status).toBe(404);
  });

  it('when it sends X-Herald-Project of another project, then it still acts on its own project only', async () => {
    const types = await api()
      .get('/api/v1/event-types')
      .set('Authorization', `Bearer ${world.token}`)
      .set('X-Herald-Project', otherProject.project_id);
    expect(types.status).toBe(200);
    expect(types.body.items.map((t: { name: string }) => t.name)).toEqual(['order.created']);
    const foreignConsumer = await api()
      .get('/api/v1/consumers/foreign')
      .set('Authorization', `Bearer ${world.token}`)
      .set('X-Herald-Project', otherProject.project_id);
    expect(foreignConsumer.status).toBe(404);
  });
});
