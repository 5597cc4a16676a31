import { useSystem } from '../../support/system-fixture';
import { eventually } from '../../support/eventually';
import { aProject } from '../../support/projects';

const f = useSystem();

const http = () => f.http();
const anEvent = (over: Record<string, unknown> = {}) => ({
  event_type: 'user.signed_up',
  recipients: [{ channels: ['email', 'sms'], email: 'Grace@Example.com', phone: '+14155550100' }],
  payload: { plan: 'pro' },
  inline: { html: '<p>welcome</p>' },
  ...over,
});

describe('reading events and notifications', () => {
  let eventId: string;
  let project: Awaited<ReturnType<typeof aProject>>;

  beforeAll(async () => {
    project = await aProject(f.system.api.db, f.config);
    for (let i = 0; i < 3; i++) {
      await http()
        .post('/api/v1/events')
        .set('X-API-Key', project.api_key)
        .send(anEvent({ priority: 'low' }));
    }
    const high = await http()
      .post('/api/v1/events')
      .set('X-API-Key', project.api_key)
      .send(anEvent({ event_type: 'order.paid', priority: 'high' }));
    eventId = high.body.id;
    await eventually(async () => {
      const detail = await http().get(`/api/v1/events/${eventId}`).set('X-API-Key', project.api_key);
      expect(detail.body.notifications).toHaveLength(2);
    });
  });

  it('when listing with defaults, then the envelope has per_page 25, newest first, each event with its counts', async () => {
    const res = await http().get('/api/v1/events').set('X-API-Key', project.api_key);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 4, page: 1, per_page: 25, total_pages: 1 });
    expect(res.body.items[0]).toEqual({
      id: eventId,
      event_type: 'order.paid',
      priority: 'high',
      status: expect.any(String),
      recipient_count: 1,
      notification_count: 2,
      delivered_count: 0,
      failed_count: 0,
      created_at: expect.any(String),
    });
  });

  it('when filtering and paging, then only matching items come back', async () => {
    const byPriority = await http().get('/api/v1/events?priority=low&per_page=2&page=2').set('X-API-Key', project.api_key);
    expect(byPriority.body).toMatchObject({ total: 3, page: 2, per_page: 2, total_pages: 2 });
    expect(byPriority.body.items).toHaveLength(1);
    const byType = await http().get('/api/v1/events?event_type=order.paid').set('X-API-Key', project.api_key);
    expect(byType.body.items.map((e: { id: string }) => e.id)).toEqual([eventId]);
    const future = await http().get('/api/v1/events?date_from=2999-01-01T00:00:00Z').set('X-API-Key', project.api_key);
    expect(future.body).toMatchObject({ total: 0 });
  });

  it('when per_page is above 100, then 422 on per_page', async () => {
    const res = await http().get('/api/v1/events?per_page=101').set('X-API-Key', project.api_key);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['query', 'per_page']);
  });

  it('when reading an event, then it carries its notifications; an unknown id is 404 and a malformed one 422', async () => {
    const res = await http().get(`/api/v1/events/${eventId}`).set('X-API-Key', project.api_key);
    expect(res.body).toMatchObject({ id: eventId, event_type: 'order.paid', priority: 'high', payload: { plan: 'pro' } });
    expect(res.body.notifications.map((n: { channel: string }) => n.channel).sort()).toEqual(['email', 'sms']);
    expect((await http().get('/api/v1/events/00000000-0000-4000-8000-000000000000').set('X-API-Key', project.api_key)).status).toBe(404);
    expect((await http().get('/api/v1/events/not-a-uuid').set('X-API-Key', project.api_key)).status).toBe(422);
  });

  it('when listing notifications by channel and recipient, then emails match case-insensitively stored addresses', async () => {
    const res = await http().get('/api/v1/notifications?channel=email&recipient=grace@example.com').set('X-API-Key', project.api_key);
    expect(res.body).toMatchObject({ total: 4 });
    expect(res.body.items[0]).toMatchObject({
      channel: 'email',
      recipient: 'grace@example.com',
      retry_count: 0,
      status: 'processing',
      last_error: null,
    });
    const sms = await http().get('/api/v1/notifications?channel=sms&status=processing').set('X-API-Key', project.api_key);
    expect(sms.body.total).toBe(4);
  });

  it('when reading a notification, then it has its logs (none before any attempt)', async () => {
    const list = await http().get(`/api/v1/notifications?channel=sms`).set('X-API-Key', project.api_key);
    const res = await http().get(`/api/v1/notifications/${list.body.items[0].id}`).set('X-API-Key', project.api_key);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ channel: 'sms', recipient: '+14155550100', retry_count: 0, notification_logs: [] });
  });
});
