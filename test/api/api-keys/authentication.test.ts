import { useSystem } from '../../support/system-fixture';
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

describe('authentication and scopes', () => {
  it('when the key is unknown, then 401 with a detail string', async () => {
    const res = await http().get('/api/v1/events').set('X-API-Key', 'hk_not-a-real-key');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'invalid API key' });
  });

  it('when the key lacks the scope, then 403 names the scope, before the body is even validated', async () => {
    const readOnly = await aProject(f.system.api.db, f.config, ['events:read']);
    const res = await http().post('/api/v1/events').set('X-API-Key', readOnly.api_key).send({ not: 'valid' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/events:write/);
    expect((await http().get('/api/v1/events').set('X-API-Key', readOnly.api_key)).status).toBe(200);
    expect((await http().get('/api/v1/notifications').set('X-API-Key', readOnly.api_key)).status).toBe(403);
  });

  it("when a project reads another project's event, then 404", async () => {
    const created = await http().post('/api/v1/events').set('X-API-Key', f.key).send(anEvent());
    const stranger = await aProject(f.system.api.db, f.config);
    const res = await http().get(`/api/v1/events/${created.body.id}`).set('X-API-Key', stranger.api_key);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });

  it('when the path is unknown, then 404 with a detail', async () => {
    const res = await http().get('/api/v1/nothing-here').set('X-API-Key', f.key);
    expect(res.status).toBe(404);
  });
});
