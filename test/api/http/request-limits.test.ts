import { useSystem } from '../../support/system-fixture';
import { aProject } from '../../support/projects';
import { slowUpload, writeAllThenRead } from '../../support/slow-upload';

const f = useSystem();

const TEN_MB = 10 * 1024 * 1024;
const json = { 'content-type': 'application/json' };
const port = () => f.system.api.port;

function anEventWithPayload(payload: string): string {
  const recipients = JSON.stringify([{ channels: ['email'], email: 'deep@example.com' }]);
  return `{"event_type":"deep.nesting","recipients":${recipients},"inline":{"html":"<p>x</p>"},"payload":${payload}}`;
}

/** An object nested `levels` deep: {"a":{"a":...{}}}. */
function nested(levels: number): string {
  return '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1);
}

describe('bodies are read only for callers allowed to send them', () => {
  it('when a 10 MB body comes without a key, then 401 arrives while the client is still writing it', async () => {
    const answer = await slowUpload({ port: port(), path: '/api/v1/events', headers: json, contentLength: TEN_MB, maxBytes: 64 * 1024 });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ detail: 'missing X-API-Key header' });
    expect(answer.bytesWritten).toBeLessThan(TEN_MB);
  });

  it('when twelve clients stream large bodies as fast as they can without a key, then each still gets its 401', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        slowUpload({ port: port(), path: '/api/v1/events', headers: json, maxBytes: 64 * 1024 * 1024, paceMs: 0 }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(401));
    const health = await f.http().get('/api/v1/health');
    expect(health.status).toBe(200);
  });

  it.each([
    ['without a key', undefined, 401],
    ['without a key, asking to close the connection', 'close', 401],
    ['with a key, past the body limit', undefined, 413],
    ['with a key, past the body limit, asking to close the connection', 'close', 413],
  ])(
    'when twelve clients each write a whole 10 MB body %s before reading, then every one reads its answer',
    async (how, connection, status) => {
      const headers: Record<string, string> = { ...json, ...(how.includes('with a key') ? { 'x-api-key': f.key } : {}) };
      if (connection) headers.connection = connection;
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => writeAllThenRead({ port: port(), path: '/api/v1/events', headers, bodyBytes: TEN_MB })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(status));
    },
  );

  it('when a 10 MB body comes with an unknown key, then 401 before the body is read', async () => {
    const answer = await slowUpload({
      port: port(),
      path: '/api/v1/templates/import',
      headers: { ...json, 'x-api-key': 'hk_not-a-real-key' },
      contentLength: TEN_MB,
      maxBytes: 64 * 1024,
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ detail: 'invalid API key' });
  });

  it('when the key lacks the scope, then 403 before the body is read', async () => {
    const readOnly = await aProject(f.system.api.db, f.config, ['events:read']);
    const answer = await slowUpload({
      port: port(),
      path: '/api/v1/events',
      headers: { ...json, 'x-api-key': readOnly.api_key },
      contentLength: TEN_MB,
      maxBytes: 64 * 1024,
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ detail: expect.stringMatching(/events:write/) });
  });
});

describe('per-operation body limits', () => {
  it('when an authenticated body declares more bytes than the operation takes, then 413 with a detail, unread', async () => {
    const answer = await slowUpload({
      port: port(),
      path: '/api/v1/events',
      headers: { ...json, 'x-api-key': f.key },
      contentLength: 7 * 1024 * 1024,
      maxBytes: 64 * 1024,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ detail: expect.stringMatching(/6291456 bytes/) });
  });

  it('when a chunked body streams past the limit, then 413 without waiting for its end', async () => {
    const answer = await slowUpload({
      port: port(),
      path: '/api/v1/suppressions',
      headers: { ...json, 'x-api-key': f.key },
      maxBytes: 4 * 1024 * 1024,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ detail: expect.stringMatching(/16384 bytes/) });
  });

  it('when SES feedback (no key) is larger than its small limit, then 413 before it is read', async () => {
    const answer = await slowUpload({
      port: port(),
      path: '/api/v1/feedback/ses',
      headers: { 'content-type': 'text/plain' },
      contentLength: TEN_MB,
      maxBytes: 64 * 1024,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ detail: expect.stringMatching(/262144 bytes/) });
  });

  it('when a body is compressed, then 415 naming the encoding', async () => {
    const res = await f
      .http()
      .post('/api/v1/suppressions')
      .set('X-API-Key', f.key)
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send('{}');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ detail: expect.stringMatching(/gzip/) });
  });
});

describe('out-of-range input is a 422, never a 500', () => {
  it('when page is 1e21, then 422 naming page', async () => {
    const res = await f.http().get('/api/v1/events?page=1e21').set('X-API-Key', f.key);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([expect.objectContaining({ loc: ['query', 'page'], type: 'value_error' })]);
  });

  it('when page is the largest accepted value, then an empty page', async () => {
    const res = await f.http().get('/api/v1/notifications?page=100000&per_page=100').set('X-API-Key', f.key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ items: [], page: 100000, per_page: 100 }));
  });

  it.each(['0000-01-01T00:00:00Z', '2024-02-30T00:00:00Z'])(
    'when date_from is %s, which PostgreSQL cannot store, then 422 naming it',
    async (when) => {
      const res = await f.http().get(`/api/v1/events?date_from=${when}`).set('X-API-Key', f.key);
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([expect.objectContaining({ loc: ['query', 'date_from'], type: 'value_error' })]);
    },
  );

  it('when a payload is nested 20,000 levels deep, then 422 on the body', async () => {
    const res = await f
      .http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .set('Content-Type', 'application/json')
      .send(anEventWithPayload(nested(20_000)));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: [{ loc: ['body'], msg: 'JSON nesting is deeper than 64 levels', type: 'value_error' }] });
  });

  it('when the body nests exactly 64 levels, then it is accepted; 65 is refused', async () => {
    const send = (payloadLevels: number) =>
      f
        .http()
        .post('/api/v1/events')
        .set('X-API-Key', f.key)
        .set('Content-Type', 'application/json')
        .send(anEventWithPayload(nested(payloadLevels)));
    // The body is level 1, so the payload may nest 63 levels.
    expect((await send(63)).status).toBe(202);
    expect((await send(64)).status).toBe(422);
  });

  it('when braces sit inside strings, then they do not count as nesting', async () => {
    const res = await f
      .http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .set('Content-Type', 'application/json')
      .send(anEventWithPayload(JSON.stringify({ text: '{['.repeat(1000) + '\\"' })));
    expect(res.status).toBe(202);
  });
});

describe('requests Node refuses before routing', () => {
  it('when the request line is past 16 KiB, then 431 with a JSON detail', async () => {
    const res = await f
      .http()
      .get(`/api/v1/events?event_type=${'a'.repeat(20_000)}`)
      .set('X-API-Key', f.key);
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ detail: expect.stringMatching(/16 KiB/) });
  });
});
