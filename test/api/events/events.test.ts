import { useSystem } from '../../support/system-fixture';
import { eventually } from '../../support/eventually';

const f = useSystem();

const api = () => f.http();
const webhookEvent = (overrides: Record<string, unknown> = {}) => ({
  event_type: 'order.shipped',
  recipients: [{ channels: ['webhook'], webhook_url: 'http://127.0.0.1:9/hook' }],
  payload: { order_id: 42 },
  inline: { html: '<p>hi</p>' },
  ...overrides,
});

describe('POST /events', () => {
  it('when the event is valid, then it answers 202 with the full create response and fans out', async () => {
    const res = await api().post('/api/v1/events').set('X-API-Key', f.key).send(webhookEvent());
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      event_type: 'order.shipped',
      status: 'accepted',
      priority: 'medium',
      recipient_count: 1,
      has_failures: false,
      idempotency_key: null,
    });
    await eventually(async () => {
      const detail = await api().get(`/api/v1/events/${res.body.id}`).set('X-API-Key', f.key);
      expect(detail.body.notifications).toHaveLength(1);
      expect(detail.body.status).toBe('processing');
    });
  });

  it('when a recipient lacks the phone for sms, then 422 points at that field', async () => {
    const res = await api()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send(webhookEvent({ recipients: [{ channels: ['sms'] }] }));
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      { loc: ['body', 'recipients', 0, 'phone'], msg: 'phone is required when channels includes sms', type: 'missing' },
    ]);
  });

  it('when the phone is not E.164, then 422 points at the phone', async () => {
    const res = await api()
      .post('/api/v1/events')
      .set('X-API-Key', f.key)
      .send(webhookEvent({ recipients: [{ channels: ['sms'], phone: '0044123' }] }));
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'recipients', 0, 'phone']);
  });

  it('when the key is missing, then 401', async () => {
    const res = await api().post('/api/v1/events').send(webhookEvent());
    expect(res.status).toBe(401);
    expect(typeof res.body.detail).toBe('string');
  });
});
