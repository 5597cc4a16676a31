import { aProject } from '../../support/projects';
import { useSystem } from '../../support/system-fixture';

const f = useSystem();
const http = () => f.http();

/** Each test declares into a project of its own, so counts and names never collide. */
async function aKey(scopes?: string[]): Promise<string> {
  return (await aProject(f.system.api.db, f.config, scopes)).api_key;
}

describe('email categories', () => {
  it('when categories are declared, described again and deleted, then the paged list follows and transactional is never listed', async () => {
    const key = await aKey();
    const created = await http()
      .post('/api/v1/categories')
      .set('X-API-Key', key)
      .send({ name: 'marketing', description: 'News and offers' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'marketing', description: 'News and offers' });
    await http().post('/api/v1/categories').set('X-API-Key', key).send({ name: 'digest' });

    const page = await http().get('/api/v1/categories?per_page=1').set('X-API-Key', key);
    expect(page.body).toMatchObject({ total: 2, per_page: 1, total_pages: 2, items: [{ name: 'digest', description: '' }] });

    const patched = await http().patch('/api/v1/categories/digest').set('X-API-Key', key).send({ description: 'Weekly summary' });
    expect(patched.body).toMatchObject({ name: 'digest', description: 'Weekly summary' });

    expect((await http().delete('/api/v1/categories/digest').set('X-API-Key', key)).status).toBe(204);
    expect((await http().delete('/api/v1/categories/digest').set('X-API-Key', key)).status).toBe(404);
    const left = await http().get('/api/v1/categories').set('X-API-Key', key);
    expect(left.body.items.map((c: { name: string }) => c.name)).toEqual(['marketing']);
  });

  it.each([
    ['Marketing', 'uppercase'],
    ['news letter', 'a space'],
    ['x'.repeat(65), '65 characters'],
    ['-news', 'a leading dash'],
  ])('when the name is %j (%s), then 422 names it', async (name) => {
    const res = await http()
      .post('/api/v1/categories')
      .set('X-API-Key', await aKey())
      .send({ name });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'name']);
  });

  it('when the name is transactional or taken, then 409, and the list is unchanged', async () => {
    const key = await aKey();
    await http().post('/api/v1/categories').set('X-API-Key', key).send({ name: 'digest' });
    const again = await http().post('/api/v1/categories').set('X-API-Key', key).send({ name: 'digest', description: 'other' });
    expect(again.status).toBe(409);
    const reserved = await http().post('/api/v1/categories').set('X-API-Key', key).send({ name: 'transactional' });
    expect(reserved.status).toBe(422);
    expect(reserved.body.detail[0]).toMatchObject({ loc: ['body', 'name'], msg: expect.stringMatching(/transactional/) });
    expect((await http().get('/api/v1/categories').set('X-API-Key', key)).body.total).toBe(1);
  });

  it('when a project has declared 50 categories, then the 51st is a 409', async () => {
    const key = await aKey();
    for (let i = 0; i < 50; i++) {
      expect(
        (
          await http()
            .post('/api/v1/categories')
            .set('X-API-Key', key)
            .send({ name: `c${i}` })
        ).status,
      ).toBe(201);
    }
    const over = await http().post('/api/v1/categories').set('X-API-Key', key).send({ name: 'one-more' });
    expect(over.status).toBe(409);
    expect(over.body.detail).toMatch(/at most 50/);
  });

  it('when the key lacks settings:write, then it may list but not declare', async () => {
    const key = await aKey(['settings:read']);
    expect((await http().get('/api/v1/categories').set('X-API-Key', key)).status).toBe(200);
    expect((await http().post('/api/v1/categories').set('X-API-Key', key).send({ name: 'digest' })).status).toBe(403);
    expect(
      (
        await http()
          .get('/api/v1/categories')
          .set('X-API-Key', await aKey(['templates:read']))
      ).status,
    ).toBe(403);
  });

  it('when a template names a category, then it is shown, an undeclared one is a 422, and the category cannot be deleted while used', async () => {
    const key = await aKey();
    await http().post('/api/v1/categories').set('X-API-Key', key).send({ name: 'marketing' });
    const plain = await http()
      .post('/api/v1/templates')
      .set('X-API-Key', key)
      .send({ name: 'receipt', channel: 'email', body: '<p>x</p>' });
    expect(plain.body.category).toBe('transactional');

    const undeclared = await http()
      .post('/api/v1/templates')
      .set('X-API-Key', key)
      .send({ name: 'promo', channel: 'email', body: '<p>x</p>', category: 'offers' });
    expect(undeclared.status).toBe(422);
    expect(undeclared.body.detail[0].loc).toEqual(['body', 'category']);

    const promo = await http()
      .post('/api/v1/templates')
      .set('X-API-Key', key)
      .send({ name: 'promo', channel: 'email', body: '<p>x</p>', category: 'marketing' });
    expect(promo.body.category).toBe('marketing');
    const listed = await http().get('/api/v1/templates').set('X-API-Key', key);
    expect(Object.fromEntries(listed.body.items.map((t: { name: string; category: string }) => [t.name, t.category]))).toEqual({
      receipt: 'transactional',
      promo: 'marketing',
    });

    const inUse = await http().delete('/api/v1/categories/marketing').set('X-API-Key', key);
    expect(inUse.status).toBe(409);
    await http().put(`/api/v1/templates/${promo.body.id}`).set('X-API-Key', key).send({ category: 'transactional' });
    expect((await http().delete('/api/v1/categories/marketing').set('X-API-Key', key)).status).toBe(204);
  });

  it('when an event has inline content of an undeclared category, then 422 names inline.category; a declared one is accepted', async () => {
    const key = await aKey();
    const event = (category: string) => ({
      event_type: 'news',
      recipients: [{ channels: ['email'], email: 'ada@example.com' }],
      payload: {},
      inline: { html: '<p>News</p>', category },
    });
    const refused = await http().post('/api/v1/events').set('X-API-Key', key).send(event('offers'));
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0]).toMatchObject({
      loc: ['body', 'inline', 'category'],
      msg: expect.stringMatching(/"offers" is not declared/),
    });

    await http().post('/api/v1/categories').set('X-API-Key', key).send({ name: 'offers' });
    expect((await http().post('/api/v1/events').set('X-API-Key', key).send(event('offers'))).status).toBe(202);
    expect((await http().post('/api/v1/events').set('X-API-Key', key).send(event('transactional'))).status).toBe(202);
  });
});
