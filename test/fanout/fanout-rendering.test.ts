import { useSystem } from '../support/system-fixture';
import { eventually } from '../support/eventually';

const f = useSystem();

beforeAll(async () => {
  await http()
    .put('/api/v1/templates/by-name/order?channel=email')
    .set('X-API-Key', f.key)
    .send({ subject: 'Order {{order.id}}', body: '<p>{{note}}</p>' });
  await http().put('/api/v1/templates/by-name/order?channel=sms').set('X-API-Key', f.key).send({ body: 'Order {{order.id}}: {{note}}' });
});

const http = () => f.http();

async function notificationsOf(eventId: string) {
  return eventually(async () => {
    const { rows } = await f.system.api.db.query<{
      channel: string;
      recipient: string;
      status: string;
      content: Record<string, unknown> | null;
      last_error: string | null;
    }>(
      `SELECT n.channel, n.recipient, n.status, c.content, n.last_error
         FROM notifications n LEFT JOIN event_contents c ON c.event_id = n.event_id AND c.channel = n.channel
        WHERE n.event_id = $1 ORDER BY n.recipient_index, n.channel`,
      [eventId],
    );
    expect(rows.length).toBeGreaterThan(0);
    return rows;
  });
}

describe('fan-out renders templates and applies suppressions', () => {
  it('when an event names a template with email and sms versions, then each channel gets its own rendering, escaped only in html', async () => {
    const res = await http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send({
        event_type: 'order.note',
        recipients: [{ channels: ['email', 'sms'], email: 'a@example.com', phone: '+15005550006' }],
        payload: { order: { id: 'A-1' }, note: 'Tom & <Jerry>' },
        template_name: 'order',
      });
    expect(res.status).toBe(202);
    const [email, sms] = await notificationsOf(res.body.id);
    expect(email.content).toMatchObject({ subject: 'Order A-1', html: '<p>Tom &amp; &lt;Jerry&gt;</p>', text: 'Tom & <Jerry>' });
    expect(sms.content).toMatchObject({ text: 'Order A-1: Tom & <Jerry>' });
  });

  it('when inline content has braces, then they are delivered as written', async () => {
    const res = await http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send({
        event_type: 'raw',
        recipients: [{ channels: ['email'], email: 'a@example.com' }],
        payload: { x: 1 },
        inline: { html: '<p>{{x}}</p>', subject: '{{x}}' },
      });
    const [email] = await notificationsOf(res.body.id);
    expect(email.content).toMatchObject({ html: '<p>{{x}}</p>', subject: '{{x}}' });
  });

  it('when a required variable is missing from the payload, then the notification fails with the reason and the event fails', async () => {
    const res = await http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send({
        event_type: 'order.note',
        recipients: [{ channels: ['sms'], phone: '+15005550006' }],
        payload: { note: 'n' },
        template_name: 'order',
      });
    const [sms] = await notificationsOf(res.body.id);
    expect(sms).toMatchObject({ status: 'failed', last_error: 'template variables missing from the payload: order.id' });
    const event = await http().get(`/api/v1/events/${res.body.id}`).set('X-API-Key', f.key);
    expect(event.body).toMatchObject({ status: 'failed', has_failures: true });
  });

  it('when a template renders past 1 MiB with the payload, then the notification fails with the reason instead of being sent', async () => {
    await http()
      .put('/api/v1/templates/by-name/echo?channel=email')
      .set('X-API-Key', f.key)
      .send({ subject: 'Echo', body: '<p>{{blob}}</p>'.repeat(20) });
    const res = await http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send({
        event_type: 'echo',
        recipients: [{ channels: ['email'], email: 'a@example.com' }],
        payload: { blob: 'x'.repeat(100_000) },
        template_name: 'echo',
      });
    expect(res.status).toBe(202);
    const [email] = await notificationsOf(res.body.id);
    expect(email).toMatchObject({
      status: 'failed',
      content: null,
      last_error: expect.stringMatching(/renders to more than 1048576 bytes/),
    });
  });

  it('when rendered email content times the recipients is over 128 MiB, then the emails fail with the reason and nothing is sent', async () => {
    await http()
      .put('/api/v1/templates/by-name/digest?channel=email')
      .set('X-API-Key', f.key)
      .send({ subject: 'Digest', body: '<p>{{blob}}</p><p>{{blob}}</p>' });
    const res = await http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send({
        event_type: 'digest',
        recipients: Array.from({ length: 1000 }, (_, i) => ({ channels: ['email'], email: `d${i}@example.com` })),
        payload: { blob: 'x'.repeat(100_000) },
        template_name: 'digest',
      });
    expect(res.status).toBe(202);
    const emails = await eventually(async () => {
      const rows = await notificationsOf(res.body.id);
      expect(rows).toHaveLength(1000);
      return rows;
    });
    expect(new Set(emails.map((e) => e.status))).toEqual(new Set(['failed']));
    expect(emails[0].last_error).toMatch(/would send \d+ bytes in all with its rendered email content; at most 134217728/);
    const event = await http().get(`/api/v1/events/${res.body.id}`).set('X-API-Key', f.key);
    expect(event.body).toMatchObject({ status: 'failed', has_failures: true });
  });

  it('when a recipient is suppressed, then its notification is suppressed, never queued, and the event completes without failure', async () => {
    await http()
      .post('/api/v1/suppressions')
      .set('X-API-Key', f.key)
      .send({ channel: 'email', recipient: 'Blocked@Example.com', reason: 'hard_bounce' });
    const res = await http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send({
        event_type: 'x',
        recipients: [{ channels: ['email'], email: 'blocked@example.COM' }],
        payload: {},
        inline: { html: '<p>x</p>' },
      });
    const [email] = await notificationsOf(res.body.id);
    expect(email).toMatchObject({ status: 'suppressed', last_error: 'the recipient is suppressed (hard_bounce)' });
    const event = await http().get(`/api/v1/events/${res.body.id}`).set('X-API-Key', f.key);
    expect(event.body).toMatchObject({ status: 'completed', has_failures: false });
  });

  it('when a recipient opted out of a category, then only email of that category is suppressed, with the reason', async () => {
    await http().post('/api/v1/categories').set('X-API-Key', f.key).send({ name: 'offers' });
    await http().post('/api/v1/categories').set('X-API-Key', f.key).send({ name: 'tips' });
    await http()
      .post('/api/v1/suppressions')
      .set('X-API-Key', f.key)
      .send({ channel: 'email', recipient: 'choosy@example.com', category: 'offers', reason: 'unsubscribed' });
    const send = async (category?: string) => {
      const res = await http()
        .post('/api/v1/events')
        .set('X-API-Key', f.key)
        .send({
          event_type: 'x',
          recipients: [{ channels: ['email'], email: 'choosy@example.com' }],
          payload: {},
          inline: { html: '<p>x</p>', ...(category ? { category } : {}) },
        });
      expect(res.status).toBe(202);
      return (await notificationsOf(res.body.id))[0];
    };
    const offers = await send('offers');
    expect(offers).toMatchObject({ status: 'suppressed', last_error: 'the recipient is suppressed (unsubscribed from category offers)' });
    expect(offers.content).toMatchObject({ category: 'offers' });
    expect((await send('tips')).status).not.toBe('suppressed');
    expect((await send()).status).not.toBe('suppressed');
  });

  it('when the template does not exist or lacks a channel version, then 422 on the template field', async () => {
    const unknown = await http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send({ event_type: 'x', recipients: [{ channels: ['email'], email: 'a@example.com' }], payload: {}, template_name: 'nope' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0]).toMatchObject({ loc: ['body', 'template_name'], msg: 'template "nope" not found' });

    const emailOnly = await http()
      .post('/api/v1/templates')
      .set('X-API-Key', f.key)
      .send({ name: 'mailonly', channel: 'email', body: '<p>x</p>' });
    const mismatch = await http()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send({ event_type: 'x', recipients: [{ channels: ['sms'], phone: '+15005550006' }], payload: {}, template_id: emailOnly.body.id });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.detail[0]).toMatchObject({ loc: ['body', 'template_id'], msg: expect.stringMatching(/no sms version/) });
  });
});
