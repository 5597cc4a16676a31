import { connect, type Socket } from 'node:net';
import { registry } from '@herald/metrics';
import { aProject } from '../../support/projects';
import { useSystem } from '../../support/system-fixture';

// A small budget so a few bodies fill it; the default (32 MiB) is the same code path.
const BUDGET = 200_000;
const f = useSystem({ env: { MAX_BODY_BYTES_IN_FLIGHT: String(BUDGET) } });

/** A keyed POST /events that declares `length` bytes, writes only its first kilobyte and then waits. */
function aHeldUpload(port: number, key: string, length: number): Socket {
  const socket = connect({ host: '127.0.0.1', port });
  socket.on('error', () => undefined);
  socket.write(
    `POST /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `X-API-Key: ${key}\r\nContent-Length: ${length}\r\n\r\n{"padding":"${'a'.repeat(1000)}`,
  );
  return socket;
}

/** A sample of the process's metrics, as Prometheus would read it from the ops port. */
async function sampleOf(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = (await registry.getSingleMetric(name)?.get())?.values ?? [];
  const match = metric.find((v) => Object.entries(labels).every(([k, want]) => v.labels[k] === want));
  return match?.value ?? 0;
}

/** An event the validator refuses (422) once its body is read: its status shows whether the body was let in. */
const aRefusedEventOf = (bytes: number) => ({ event_type: 'budget.probe', recipients: [], padding: 'p'.repeat(bytes) });

describe('request bodies held at once, all requests together, have a budget', () => {
  const post = (key: string, body: object) => f.http().post('/api/v1/events').set('x-api-key', key).send(body);

  /** Posts until the answer is `status` (a held upload's bytes are taken once its request passes the key check). */
  async function postUntil(status: number, key: string, body: object) {
    let answer = await post(key, body);
    for (let tries = 0; answer.status !== status && tries < 100; tries++) {
      await new Promise((r) => setTimeout(r, 50));
      answer = await post(key, body);
    }
    return answer;
  }

  it('when other callers hold most of the budget, then a body that would pass it gets 503 with Retry-After, and is let in once they end', async () => {
    const other = (await aProject(f.system.api.db, f.config, undefined, 'other-owner@example.com')).api_key;
    expect((await post(f.key, aRefusedEventOf(60_000))).status).toBe(422);

    const refusedBefore = await sampleOf('herald_http_request_bodies_refused_total', { share: 'process' });
    const held = aHeldUpload(f.system.api.port, other, 150_000);
    try {
      const answer = await postUntil(503, f.key, aRefusedEventOf(60_000));
      expect(answer.status).toBe(503);
      expect(await sampleOf('herald_http_request_body_bytes_held')).toBeGreaterThanOrEqual(150_000);
      expect(await sampleOf('herald_http_request_bodies_refused_total', { share: 'process' })).toBeGreaterThan(refusedBefore);
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.body).toEqual({
        detail: 'the api is holding as many request bodies as it may at once, in all or for this caller; retry shortly',
      });
      // A body that fits beside the held one is still read.
      expect((await post(f.key, aRefusedEventOf(20_000))).status).toBe(422);
    } finally {
      held.destroy();
    }
    expect((await postUntil(422, f.key, aRefusedEventOf(60_000))).status).toBe(422);
    expect(await sampleOf('herald_http_request_body_bytes_held')).toBe(0);
  });

  it('when one caller holds its quarter of the budget, then its next body waits, and another caller is still served', async () => {
    const other = (await aProject(f.system.api.db, f.config, undefined, 'third-owner@example.com')).api_key;
    const refusedBefore = await sampleOf('herald_http_request_bodies_refused_total', { share: 'caller' });
    const held = aHeldUpload(f.system.api.port, f.key, 45_000);
    try {
      // 45,000 held + 20,000 passes this key's 50,000, not the process's 200,000.
      expect((await postUntil(503, f.key, aRefusedEventOf(20_000))).status).toBe(503);
      expect(await sampleOf('herald_http_request_bodies_refused_total', { share: 'caller' })).toBeGreaterThan(refusedBefore);
      expect((await post(other, aRefusedEventOf(60_000))).status).toBe(422);
    } finally {
      held.destroy();
    }
    expect((await postUntil(422, f.key, aRefusedEventOf(20_000))).status).toBe(422);
  });

  it('when nothing else is held, then one body larger than the whole budget is accepted', async () => {
    const res = await f
      .http()
      .post('/api/v1/events')
      .set('x-api-key', f.key)
      .send({
        event_type: 'budget.large',
        recipients: [{ channels: ['email'], email: 'large@example.com' }],
        inline: { subject: 'large', html: '<p>a large payload</p>' },
        payload: { blob: 'b'.repeat(240_000) },
      });
    expect(res.status).toBe(202);
  });
});
