import { useSystem } from '../../support/system-fixture';

/**
 * PostgreSQL text and jsonb cannot hold U+0000, nor jsonb an unpaired surrogate. Found by the
 * openapi fuzz: each of these gave a 500 from inside the database; now a stored field holding one
 * is named in a 422, and a list filter holding a NUL simply matches nothing.
 */
const f = useSystem();

const send = (method: 'post' | 'put', path: string, body: object) => f.http()[method](`/api/v1${path}`).set('X-API-Key', f.key).send(body);
const inline = { html: '<p>hi</p>' };
const recipient = { channels: ['email'], email: 'ada@example.com' };

async function countRows(table: string): Promise<number> {
  const { rows } = await f.system.api.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE project_id = $1`, [
    f.project.project_id,
  ]);
  return Number(rows[0].n);
}

describe('text PostgreSQL cannot store', () => {
  it.each([
    [
      'POST /events, a payload key',
      'post',
      '/events',
      { event_type: 'a', recipients: [recipient], payload: { 'k\u0000': 1 }, inline },
      ['body', 'payload', 'k\u0000'],
      'events',
    ],
    [
      'POST /events, event_type',
      'post',
      '/events',
      { event_type: 'a\u0000', recipients: [recipient], payload: {}, inline },
      ['body', 'event_type'],
      'events',
    ],
    [
      'POST /events/batch, a payload value',
      'post',
      '/events/batch',
      { events: [{ event_type: 'a', recipients: [recipient], payload: { v: ['\u0000'] }, inline }] },
      ['body', 'events', 0, 'payload', 'v', 0],
      'events',
    ],
    [
      'POST /scheduled-events, metadata',
      'post',
      '/scheduled-events',
      {
        event_type: 'a',
        recipients: [recipient],
        inline,
        metadata: { m: '\u0000' },
        scheduled_for: new Date(Date.now() + 3600_000).toISOString(),
      },
      ['body', 'metadata', 'm'],
      'scheduled_events',
    ],
    [
      'POST /templates, body',
      'post',
      '/templates',
      { name: 'nul', channel: 'email', body: '<p>\u0000</p>' },
      ['body', 'body'],
      'templates',
    ],
    [
      'POST /templates/import, html',
      'post',
      '/templates/import',
      { name: 'nul-import', html: '<p>\u0000</p>', variables: {} },
      ['body', 'html'],
      'templates',
    ],
    ['PUT /templates/by-name/{name}, the name', 'put', '/templates/by-name/a%00b', { body: '<p>x</p>' }, ['path', 'name'], 'templates'],
    [
      "POST /events, a recipient's user_id (an unpaired surrogate)",
      'post',
      '/events',
      { event_type: 'a', recipients: [{ ...recipient, user_id: 'u\ud800' }], payload: {}, inline },
      ['body', 'recipients', 0, 'user_id'],
      'events',
    ],
    [
      'POST /templates, subject (an unpaired surrogate)',
      'post',
      '/templates',
      { name: 'lone', channel: 'email', subject: '\udc00', body: '<p>x</p>' },
      ['body', 'subject'],
      'templates',
    ],
    [
      'POST /suppressions, recipient',
      'post',
      '/suppressions',
      { channel: 'email', recipient: 'a\u0000@example.com' },
      ['body', 'recipient'],
      'suppressions',
    ],
  ] as const)(
    'when %s holds text PostgreSQL cannot store, then a 422 names it and nothing is stored',
    async (_name, method, path, body, loc, table) => {
      const before = await countRows(table);
      const res = await send(method, path, body);
      expect(res.status).toBe(422);
      expect(res.body.detail).toContainEqual({ loc, msg: expect.stringMatching(/NUL|unpaired surrogate/), type: 'value_error' });
      expect(await countRows(table)).toBe(before);
    },
  );

  it('when a dead-letter replay filter holds U+0000, then a 422 names it', async () => {
    const res = await send('post', '/dead-letter/retry', { error_type: 'x\u0000' });
    expect(res.status).toBe(422);
    expect(res.body.detail).toContainEqual({
      loc: ['body', 'error_type'],
      msg: expect.stringMatching(/NUL|unpaired surrogate/),
      type: 'value_error',
    });
  });

  it.each(['/notifications?recipient=a%00b', '/events?event_type=%00', '/audit-log?action=%00', '/usage?endpoint=%00'])(
    'when the list filter in %s holds U+0000, then the page is empty, not a 500',
    async (path) => {
      const res = await f.http().get(`/api/v1${path}`).set('X-API-Key', f.key);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ items: [], total: 0 });
    },
  );
});
