import { aProject } from '../../support/projects';

import { useSystem } from '../../support/system-fixture';

const f = useSystem();

const http = () => f.http();
const welcome = (over: Record<string, unknown> = {}) => ({
  name: 'welcome',
  channel: 'email',
  subject: 'Welcome {{user.name}}',
  body: '<p>Hi {{user.name}}, order {{order.id}}</p>',
  ...over,
});

describe('templates', () => {
  it('when created, then detected variables come back and the template reads back whole', async () => {
    const created = await http().post('/api/v1/templates').set('X-API-Key', f.key).send(welcome());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(String),
      name: 'welcome',
      channel: 'email',
      detected_variables: ['order.id', 'user.name'],
    });
    const read = await http().get(`/api/v1/templates/${created.body.id}`).set('X-API-Key', f.key);
    expect(read.body).toMatchObject({
      subject: 'Welcome {{user.name}}',
      body: '<p>Hi {{user.name}}, order {{order.id}}</p>',
      variables: ['order.id', 'user.name'],
    });
  });

  it('when the name exists on the channel, then 409; on another channel it is fine', async () => {
    await http()
      .post('/api/v1/templates')
      .set('X-API-Key', f.key)
      .send(welcome({ name: 'dup' }));
    expect(
      (
        await http()
          .post('/api/v1/templates')
          .set('X-API-Key', f.key)
          .send(welcome({ name: 'dup' }))
      ).status,
    ).toBe(409);
    const sms = await http().post('/api/v1/templates').set('X-API-Key', f.key).send({ name: 'dup', channel: 'sms', body: 'Code {{code}}' });
    expect(sms.status).toBe(201);
  });

  it('when a template lists more than 100 variables, then 422 on variables before anything is parsed', async () => {
    const variables = Array.from({ length: 101 }, (_, i) => `v${i}`);
    const res = await http()
      .post('/api/v1/templates')
      .set('X-API-Key', f.key)
      .send(welcome({ name: 'many-vars', variables }));
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'variables']);
  });

  it('when variables do not match what the template uses, then 422 on variables', async () => {
    const res = await http()
      .post('/api/v1/templates')
      .set('X-API-Key', f.key)
      .send(welcome({ name: 'v', variables: ['user.name'] }));
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'variables'], msg: expect.stringContaining('order.id') });
  });

  it('when a tag is an expression, then 422 on the part that holds it', async () => {
    const res = await http()
      .post('/api/v1/templates')
      .set('X-API-Key', f.key)
      .send(welcome({ name: 'x', body: '<p>{{ a + b }}</p>' }));
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'body']);
  });

  it('when an sms template has a subject, then 422', async () => {
    const res = await http()
      .post('/api/v1/templates')
      .set('X-API-Key', f.key)
      .send({ name: 's', channel: 'sms', body: 'x', subject: 'no' });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'subject']);
  });

  it('when previewing with a hostile value, then the html escapes it, the subject does not, and missing variables are listed', async () => {
    const created = await http()
      .post('/api/v1/templates')
      .set('X-API-Key', f.key)
      .send(welcome({ name: 'preview' }));
    const res = await http()
      .post(`/api/v1/templates/${created.body.id}/preview`)
      .set('X-API-Key', f.key)
      .send({ variables: { user: { name: '<b>Ada</b>' } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      subject: 'Welcome <b>Ada</b>',
      html: '<p>Hi &lt;b&gt;Ada&lt;/b&gt;, order </p>',
      variables_used: ['user.name'],
      missing_variables: ['order.id'],
    });
    expect(res.body.text).toContain('Hi <b>Ada</b>, order');
  });

  it('when previewing content that is not saved, then it renders as the saved one would and nothing is stored', async () => {
    const reader = await aProject(f.system.api.db, f.config, ['templates:read']);
    const res = await http()
      .post('/api/v1/templates/preview')
      .set('X-API-Key', reader.api_key)
      .send({
        channel: 'email',
        subject: 'Hi {{user.name}}',
        body: '<p>{{user.name}} owes {{total}}</p>',
        variables: { user: { name: '<i>Ada</i>' } },
      });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      subject: 'Hi <i>Ada</i>',
      html: '<p>&lt;i&gt;Ada&lt;/i&gt; owes </p>',
      variables_used: ['user.name'],
      missing_variables: ['total'],
    });
    const sms = await http()
      .post('/api/v1/templates/preview')
      .set('X-API-Key', reader.api_key)
      .send({ channel: 'sms', body: 'Code {{code}}', variables: { code: '42' } });
    expect(sms.body).toMatchObject({ text: 'Code 42', encoding: 'GSM-7', segments: 1 });
    expect((await http().get('/api/v1/templates').set('X-API-Key', reader.api_key)).body.total).toBe(0);
  });

  it('when unsaved content does not parse, then the preview is a 422 on the part that holds the error', async () => {
    const res = await http()
      .post('/api/v1/templates/preview')
      .set('X-API-Key', f.key)
      .send({ channel: 'email', body: '<p>ok</p>', text_body: 'Hi {{ a + b }}', variables: {} });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'text_body']);
  });

  it('when updating part of a template, then the rest stays and variables follow the new body', async () => {
    const created = await http()
      .post('/api/v1/templates')
      .set('X-API-Key', f.key)
      .send(welcome({ name: 'upd' }));
    const res = await http().put(`/api/v1/templates/${created.body.id}`).set('X-API-Key', f.key).send({ body: '<p>{{code}}</p>' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subject: 'Welcome {{user.name}}', variables: ['code', 'user.name'] });
  });

  it('when PUT by name repeats, then it is created once and keeps its id', async () => {
    const first = await http()
      .put('/api/v1/templates/by-name/receipt?channel=email')
      .set('X-API-Key', f.key)
      .send({ subject: 'Receipt', body: '<p>{{total}}</p>' });
    const second = await http()
      .put('/api/v1/templates/by-name/receipt?channel=email')
      .set('X-API-Key', f.key)
      .send({ subject: 'Receipt', body: '<p>{{total}} paid</p>' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.body).toBe('<p>{{total}} paid</p>');
  });

  it('when listing by channel, then only that channel comes back', async () => {
    const res = await http().get('/api/v1/templates?channel=sms').set('X-API-Key', f.key);
    expect(res.status).toBe(200);
    expect(res.body.items.every((t: { channel: string }) => t.channel === 'sms')).toBe(true);
    expect(res.body.total).toBeGreaterThan(0);
  });

  it('when importing HTML with a sample in an attribute, then 422 names the variable; a clean import creates the template', async () => {
    const bad = await http()
      .post('/api/v1/templates/import')
      .set('X-API-Key', f.key)
      .send({ name: 'imp', subject: 'Hi Ada', html: '<a href="/u/Ada">Ada</a>', variables: { name: 'Ada' } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'variables', 'name']);
    const good = await http()
      .post('/api/v1/templates/import')
      .set('X-API-Key', f.key)
      .send({ name: 'imp', subject: 'Hi Ada', html: '<p>Hello Ada</p>', variables: { name: 'Ada' } });
    expect(good.status).toBe(201);
    expect(good.body).toMatchObject({
      channel: 'email',
      subject: 'Hi {{name}}',
      body: '<p>Hello {{name}}</p>',
      detected_variables: ['name'],
    });
  });

  it('when importing more than 100 variables, then 422 names variables', async () => {
    const variables = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`v${i}`, `sample ${i}`]));
    const html = `<p>${Object.values(variables).join('</p><p>')}</p>`;
    const res = await http().post('/api/v1/templates/import').set('X-API-Key', f.key).send({ name: 'too-many', html, variables });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'variables'] })]);
  });

  it('when importing 1 MB of unclosed tags, then 422 names html and the api keeps answering', async () => {
    const res = await http()
      .post('/api/v1/templates/import')
      .set('X-API-Key', f.key)
      .send({ name: 'deep', html: 'x<i>'.repeat(262_144), variables: { a: 'x' } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([{ loc: ['body', 'html'], msg: 'html nests elements more than 256 levels deep', type: 'value_error' }]);
    expect((await http().get('/api/v1/health')).status).toBe(200);
  }, 20000);

  it('when deleted, then it is gone', async () => {
    const created = await http()
      .post('/api/v1/templates')
      .set('X-API-Key', f.key)
      .send(welcome({ name: 'gone' }));
    expect((await http().delete(`/api/v1/templates/${created.body.id}`).set('X-API-Key', f.key)).status).toBe(204);
    expect((await http().get(`/api/v1/templates/${created.body.id}`).set('X-API-Key', f.key)).status).toBe(404);
  });

  it('when the key has templates:read only, then writes are 403', async () => {
    const reader = await aProject(f.system.api.db, f.config, ['templates:read']);
    expect((await http().post('/api/v1/templates').set('X-API-Key', reader.api_key).send(welcome())).status).toBe(403);
    expect((await http().get('/api/v1/templates').set('X-API-Key', reader.api_key)).status).toBe(200);
  });
});
