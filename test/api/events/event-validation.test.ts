import { useSystem } from '../../support/system-fixture';

const f = useSystem();

const valid = () => ({
  event_type: 'order.shipped',
  recipients: [{ channels: ['email'], email: 'ada@example.com' }],
  payload: { order_id: 42 },
  inline: { html: '<p>hi</p>' },
});

async function post(body: unknown) {
  return f
    .http()
    .post('/api/v1/events')
    .set('X-API-Key', f.key)
    .send(body as object);
}

async function rejected(body: unknown) {
  const res = await post(body);
  expect(res.status).toBe(422);
  return res.body.detail as Array<{ loc: Array<string | number>; msg: string; type: string }>;
}

describe('POST /events validation (422 with the failing field)', () => {
  it.each([
    ['no content source', (b: any) => delete b.inline, ['body'], /exactly one of template_id, template_name, inline/],
    ['two content sources', (b: any) => (b.template_name = 'welcome'), ['body', 'inline'], /exactly one/],
    [
      'an email recipient without email',
      (b: any) => (b.recipients = [{ channels: ['email'] }]),
      ['body', 'recipients', 0, 'email'],
      /email is required when channels includes email/,
    ],
    [
      'a webhook recipient without url',
      (b: any) => (b.recipients = [{ channels: ['webhook'] }]),
      ['body', 'recipients', 0, 'webhook_url'],
      /webhook_url is required/,
    ],
    [
      'a malformed email',
      (b: any) => (b.recipients = [{ channels: ['email'], email: 'not-an-address' }]),
      ['body', 'recipients', 0, 'email'],
      /email/,
    ],
    [
      'a phone without plus',
      (b: any) => (b.recipients = [{ channels: ['sms'], phone: '447700900123' }]),
      ['body', 'recipients', 0, 'phone'],
      /pattern/,
    ],
    [
      'an unknown channel',
      (b: any) => (b.recipients = [{ channels: ['fax'], email: 'a@b.co' }]),
      ['body', 'recipients', 0, 'channels', 0],
      /allowed values/,
    ],
    ['no recipients', (b: any) => (b.recipients = []), ['body', 'recipients'], /fewer than 1/],
    ['a missing payload', (b: any) => delete b.payload, ['body', 'payload'], /required/],
    ['an unknown field', (b: any) => (b.templat = 'x'), ['body', 'templat'], /additional/i],
    ['a subject over 500 chars', (b: any) => (b.inline.subject = 'x'.repeat(501)), ['body', 'inline', 'subject'], /500/],
    ['an uppercase from_local', (b: any) => (b.inline.from_local = 'Sales'), ['body', 'inline', 'from_local'], /pattern/],
    ['a from_name over 100 chars', (b: any) => (b.inline.from_name = 'x'.repeat(101)), ['body', 'inline', 'from_name'], /100/],
    ['an unknown priority', (b: any) => (b.priority = 'urgent'), ['body', 'priority'], /allowed values/],
  ])('when the event has %s, then 422 points at it', async (_name, mutate, loc, msg) => {
    const body = valid();
    mutate(body);
    const detail = await rejected(body);
    expect(detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc, msg: expect.stringMatching(msg) })]));
  });

  describe('attachments', () => {
    const attachment = (over: Record<string, unknown> = {}) => ({
      filename: 'a.pdf',
      url: 'https://files.example.com/a.pdf',
      size_bytes: 10,
      ...over,
    });

    it('when there are more than 10, then 422 on attachments', async () => {
      const detail = await rejected({ ...valid(), attachments: Array.from({ length: 11 }, () => attachment()) });
      expect(detail[0].loc).toEqual(['body', 'attachments']);
    });
    it('when a url is not http(s), then 422 on its url', async () => {
      const detail = await rejected({ ...valid(), attachments: [attachment(), attachment({ url: 'ftp://x.example.com/a' })] });
      expect(detail[0].loc).toEqual(['body', 'attachments', 1, 'url']);
    });
    it.each([['a/b.pdf'], ['a\\b.pdf'], ['bad\u0007name.pdf'], ['']])(
      'when the filename is %j, then 422 on the filename',
      async (filename) => {
        const detail = await rejected({ ...valid(), attachments: [attachment({ filename })] });
        expect(detail[0].loc).toEqual(['body', 'attachments', 0, 'filename']);
      },
    );
    it.each([[0], [-5]])('when size_bytes is %d, then 422 on size_bytes', async (size_bytes) => {
      const detail = await rejected({ ...valid(), attachments: [attachment({ size_bytes })] });
      expect(detail[0].loc).toEqual(['body', 'attachments', 0, 'size_bytes']);
    });
    it('when declared sizes total more than 30 MB, then 422 on attachments', async () => {
      const detail = await rejected({
        ...valid(),
        attachments: [attachment({ size_bytes: 20 * 1024 * 1024 }), attachment({ size_bytes: 10 * 1024 * 1024 + 1 })],
      });
      expect(detail).toEqual([expect.objectContaining({ loc: ['body', 'attachments'], msg: expect.stringMatching(/30 MB/) })]);
    });
    it('when declared sizes total exactly 30 MB, then the event is accepted', async () => {
      const res = await post({
        ...valid(),
        attachments: [attachment({ size_bytes: 20 * 1024 * 1024 }), attachment({ size_bytes: 10 * 1024 * 1024 })],
      });
      expect(res.status).toBe(202);
    });
  });

  describe('size limits', () => {
    const emails = (n: number) => Array.from({ length: n }, (_, i) => ({ channels: ['email'], email: `r${i}@example.com` }));
    const hooks = (n: number) => Array.from({ length: n }, () => ({ channels: ['webhook'], webhook_url: 'http://127.0.0.1:9/hook' }));

    it('when the payload is over 256 KiB as JSON, then 422 on payload', async () => {
      const detail = await rejected({ ...valid(), payload: { blob: 'x'.repeat(256 * 1024) } });
      expect(detail).toEqual([expect.objectContaining({ loc: ['body', 'payload'], msg: expect.stringMatching(/at most 262144/) })]);
    });
    it('when the payload is exactly 256 KiB as JSON, then the event is accepted', async () => {
      // {"blob":"…"} is 11 bytes around the string.
      expect((await post({ ...valid(), payload: { blob: 'x'.repeat(256 * 1024 - 11) } })).status).toBe(202);
    });
    it('when inline html is under 1 MiB characters but over 1 MiB bytes, then 422 on inline.html', async () => {
      const detail = await rejected({ ...valid(), inline: { html: 'é'.repeat(600_000) } });
      expect(detail).toEqual([expect.objectContaining({ loc: ['body', 'inline', 'html'], msg: expect.stringMatching(/1200000 bytes/) })]);
    });
    it('when there are more than 1000 recipients, then 422 on recipients', async () => {
      const detail = await rejected({ ...valid(), recipients: emails(1001) });
      expect(detail).toEqual([expect.objectContaining({ loc: ['body', 'recipients'], msg: expect.stringMatching(/1000/) })]);
    });
    it('when 1000 emails would each carry 512 KiB of inline content, then 422 on recipients says how much it would send', async () => {
      const detail = await rejected({ ...valid(), recipients: emails(1000), inline: { html: 'x'.repeat(512 * 1024) } });
      expect(detail).toEqual([
        expect.objectContaining({
          loc: ['body', 'recipients'],
          msg: expect.stringMatching(/would send 524288000 bytes.*at most 134217728/),
        }),
      ]);
    });
    it('when 600 webhooks would each carry a 250 KB payload, then 422 on recipients', async () => {
      const detail = await rejected({ ...valid(), recipients: hooks(600), payload: { blob: 'x'.repeat(250_000) } });
      expect(detail).toEqual([expect.objectContaining({ loc: ['body', 'recipients'], msg: expect.stringMatching(/would send/) })]);
    });
    it('when one event of a batch is over a limit, then 422 names that event and field and nothing is written', async () => {
      const res = await f
        .http()
        .post('/api/v1/events/batch')
        .set('X-API-Key', f.key)
        .send({
          events: [
            { ...valid(), event_type: 'batch.limit' },
            { ...valid(), event_type: 'batch.limit', payload: { blob: 'x'.repeat(300_000) } },
          ],
        });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'events', 1, 'payload'], type: 'value_error' })]);
      const { rows } = await f.system.api.db.query('SELECT 1 FROM events WHERE project_id = $1 AND event_type = $2', [
        f.project.project_id,
        'batch.limit',
      ]);
      expect(rows).toHaveLength(0);
    });
  });

  describe('webhook targets (SSRF guard at validation time)', () => {
    const withUrl = (webhook_url: string) => ({ ...valid(), recipients: [{ channels: ['webhook'], webhook_url }] });
    it.each([
      ['http://10.0.0.7/hook', /private/],
      ['http://192.168.1.1/hook', /private/],
      ['http://169.254.169.254/latest/meta-data', /linkLocal/],
      ['http://[::ffff:10.0.0.1]/hook', /private/],
      ['http://[fd00::1]/hook', /uniqueLocal/],
      ['http://[fe80::1]/hook', /linkLocal/],
      ['http://100.64.0.1/hook', /carrierGradeNat/],
      ['http://0.0.0.0/hook', /unspecified/],
    ])('when the url is %s, then 422 says it is not public', async (url, reason) => {
      const detail = await rejected(withUrl(url));
      expect(detail).toEqual([
        expect.objectContaining({ loc: ['body', 'recipients', 0, 'webhook_url'], msg: expect.stringMatching(reason) }),
      ]);
    });
    it('when the host does not resolve, then 422 says so', async () => {
      const detail = await rejected(withUrl('https://no-such-host.invalid/hook'));
      expect(detail[0]).toMatchObject({ loc: ['body', 'recipients', 0, 'webhook_url'], msg: expect.stringMatching(/does not resolve/) });
    });
    it('when the scheme is not http(s), then 422', async () => {
      const detail = await rejected(withUrl('ftp://example.com/hook'));
      expect(detail[0].loc).toEqual(['body', 'recipients', 0, 'webhook_url']);
    });
    it('when loopback is exempted by SSRF_ALLOW_CIDRS, then it is accepted', async () => {
      expect((await post(withUrl('http://127.0.0.1:9/hook'))).status).toBe(202);
    });
  });

  it('when the body is not JSON, then 422 on the body', async () => {
    const res = await f
      .http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .set('Content-Type', 'application/json')
      .send('{"event_type": ');
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body']);
  });

  it('when validation fails, then nothing is written', async () => {
    const count = async () =>
      (
        await f.system.api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE project_id = $1 AND event_type = $2', [
          f.project.project_id,
          'never.stored',
        ])
      ).rows[0].n;
    await rejected({ ...valid(), event_type: 'never.stored', recipients: [{ channels: ['sms'] }] });
    expect(await count()).toBe(0);
    expect((await post({ ...valid(), event_type: 'never.stored' })).status).toBe(202);
    expect(await count()).toBe(1);
  });
});
