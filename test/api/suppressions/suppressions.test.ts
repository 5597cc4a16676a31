import { useSystem } from '../../support/system-fixture';

const f = useSystem();

const http = () => f.http();

describe('suppressions', () => {
  it('when added twice in different spellings, then one normalised record exists', async () => {
    const first = await http()
      .post('/api/v1/suppressions')
      .set('X-API-Key', f.key)
      .send({ channel: 'email', recipient: 'Ada@Example.COM', reason: 'hard_bounce' });
    const again = await http()
      .post('/api/v1/suppressions')
      .set('X-API-Key', f.key)
      .send({ channel: 'email', recipient: 'ada@example.com' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ channel: 'email', recipient: 'ada@example.com', reason: 'hard_bounce', source: 'client' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
  });

  it('when a phone has spaces, then it is stored as E.164; an invalid one is 422', async () => {
    const ok = await http().post('/api/v1/suppressions').set('X-API-Key', f.key).send({ channel: 'sms', recipient: '+44 7700 900-123' });
    expect(ok.body.recipient).toBe('+447700900123');
    const bad = await http().post('/api/v1/suppressions').set('X-API-Key', f.key).send({ channel: 'sms', recipient: '07700' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'recipient']);
  });

  it('when listed by channel and deleted, then the list follows', async () => {
    const created = await http()
      .post('/api/v1/suppressions')
      .set('X-API-Key', f.key)
      .send({ channel: 'webhook', recipient: 'https://hooks.example.com/x' });
    const list = await http().get('/api/v1/suppressions?channel=webhook').set('X-API-Key', f.key);
    expect(list.body.items.map((s: { id: string }) => s.id)).toContain(created.body.id);
    expect((await http().delete(`/api/v1/suppressions/${created.body.id}`).set('X-API-Key', f.key)).status).toBe(204);
    expect((await http().delete(`/api/v1/suppressions/${created.body.id}`).set('X-API-Key', f.key)).status).toBe(404);
  });

  it('when a recipient is suppressed for one category and for all, then they are two records, filtered by category', async () => {
    await http().post('/api/v1/categories').set('X-API-Key', f.key).send({ name: 'digest' });
    const digest = await http()
      .post('/api/v1/suppressions')
      .set('X-API-Key', f.key)
      .send({ channel: 'email', recipient: 'Grace@Example.com', category: 'digest', reason: 'unsubscribed' });
    const all = await http()
      .post('/api/v1/suppressions')
      .set('X-API-Key', f.key)
      .send({ channel: 'email', recipient: 'grace@example.com' });
    expect(digest.status).toBe(201);
    expect(digest.body).toMatchObject({ recipient: 'grace@example.com', category: 'digest', reason: 'unsubscribed', source: 'client' });
    expect(all.status).toBe(201);
    expect(all.body.category).toBeNull();
    const again = await http()
      .post('/api/v1/suppressions')
      .set('X-API-Key', f.key)
      .send({ channel: 'email', recipient: 'grace@example.com', category: 'digest' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(digest.body.id);

    const filtered = await http().get('/api/v1/suppressions?category=digest').set('X-API-Key', f.key);
    expect(filtered.body.items.map((s: { id: string }) => s.id)).toEqual([digest.body.id]);
  });

  it('when the category is not declared, then 422 names it and nothing is stored', async () => {
    const res = await http()
      .post('/api/v1/suppressions')
      .set('X-API-Key', f.key)
      .send({ channel: 'email', recipient: 'hopper@example.com', category: 'promotions' });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'category'], msg: expect.stringMatching(/"promotions" is not declared/) });
    const list = await http().get('/api/v1/suppressions?category=promotions').set('X-API-Key', f.key);
    expect(list.body.total).toBe(0);
  });
});
