import { ALL, aSystemAccount, anAdministrator } from '../admin/admin.support';
import { useSystem } from '../../support/system-fixture';
import { anOrganizationWorld, bearer, type OrganizationWorld } from './organizations.support';

/**
 * The control and administration planes hold what they store to the same text rules as the
 * project plane: text PostgreSQL cannot store (NUL, an unpaired surrogate) is a 422 naming the
 * field, never a 500 from inside the database, and a name (it reaches emails: an invitation's
 * subject, its body) also refuses control and bidi formatting characters. Nothing is written.
 */
const f = useSystem();
let world: OrganizationWorld;
let admin: Awaited<ReturnType<typeof anAdministrator>>;
let account: { id: string };

beforeAll(async () => {
  world = await anOrganizationWorld(f.system.api.db, f.config);
  admin = await anAdministrator(f.system.api.db, ALL);
  account = await aSystemAccount(f.system.api.db, ['health:read']);
});

type Method = 'post' | 'patch';
const ownerSends = (method: Method, path: string, body: object) =>
  f.http()[method](`/api/v1${path}`).set(bearer(world.members.owner)).send(body);
const adminSends = (method: Method, path: string, body: object) => f.http()[method](`/api/v1${path}`).set(admin.auth).send(body);

/** What the owner can see of its world: any write a refused request made would show here. */
async function ownersView(): Promise<unknown[]> {
  const paths = [
    '/organizations',
    `/organizations/${world.organizationId}`,
    `/organizations/${world.organizationId}/projects`,
    `/projects/${world.projectId}`,
    `/projects/${world.projectId}/api-keys`,
    '/auth/me',
  ];
  return Promise.all(paths.map(async (path) => (await f.http().get(`/api/v1${path}`).set(bearer(world.members.owner))).body));
}

describe('text the control plane cannot store or must not mail', () => {
  const cases: Array<[string, () => [Method, string, object], string[]]> = [
    ['POST /organizations, a name with NUL', () => ['post', '/organizations', { name: '\u0000x' }], ['body', 'name']],
    [
      'POST /organizations, a name with a right-to-left override',
      () => ['post', '/organizations', { name: 'Acme\u202eKCATTA' }],
      ['body', 'name'],
    ],
    ['POST /organizations, a name with a newline', () => ['post', '/organizations', { name: 'Acme\nlog in here' }], ['body', 'name']],
    [
      'PATCH /organizations/{id}, a name with NUL',
      () => ['patch', `/organizations/${world.organizationId}`, { name: '\u0000x' }],
      ['body', 'name'],
    ],
    [
      'POST /organizations/{id}/projects, a name with NUL',
      () => ['post', `/organizations/${world.organizationId}/projects`, { name: 'a\u0000' }],
      ['body', 'name'],
    ],
    [
      'POST /organizations/{id}/projects, a description with NUL',
      () => ['post', `/organizations/${world.organizationId}/projects`, { name: 'fine', description: 'a\u0000' }],
      ['body', 'description'],
    ],
    [
      'PATCH /projects/{id}, a description with NUL',
      () => ['patch', `/projects/${world.projectId}`, { description: 'a\u0000' }],
      ['body', 'description'],
    ],
    [
      'PATCH /projects/{id}, a description with a lone surrogate',
      () => ['patch', `/projects/${world.projectId}`, { description: 'a\ud800' }],
      ['body', 'description'],
    ],
    [
      'POST /projects/{id}/api-keys, a name with NUL',
      () => ['post', `/projects/${world.projectId}/api-keys`, { name: 'a\u0000', scopes: ['events:read'] }],
      ['body', 'name'],
    ],
    ['PATCH /auth/me, a name with NUL', () => ['patch', '/auth/me', { name: 'a\u0000' }], ['body', 'name']],
    ['PATCH /auth/me, a name with a bidi isolate', () => ['patch', '/auth/me', { name: 'Ada\u2067 Lovelace' }], ['body', 'name']],
  ];

  it.each(cases)('%s: 422 naming the field, nothing written', async (_name, request, loc) => {
    const before = await ownersView();
    const [method, path, body] = request();
    const res = await ownerSends(method, path, body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      expect.objectContaining({ loc, type: 'value_error', msg: expect.stringMatching(/NUL|surrogate|control|bidirectional/) }),
    ]);
    expect(await ownersView()).toEqual(before);
  });

  it('when an administrator names a system account with NUL or renames one with a bidi override, then 422 naming the field', async () => {
    const created = await adminSends('post', '/admin/system-accounts', { name: 'robot\u0000', permissions: ['health:read'] });
    expect(created.status).toBe(422);
    expect(created.body.detail[0].loc).toEqual(['body', 'name']);
    const renamed = await adminSends('patch', `/admin/system-accounts/${account.id}`, { name: 'robot\u202e' });
    expect(renamed.status).toBe(422);
    expect(renamed.body.detail[0].loc).toEqual(['body', 'name']);
  });

  it('when a name is ordinary text in any script, with emoji, then it is stored as sent (trimmed)', async () => {
    const res = await ownerSends('post', '/organizations', { name: '  株式会社 Ærø 👋  ' });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('株式会社 Ærø 👋');
  });

  it('when an audit-log filter holds NUL, then 422 naming the query parameter, not a 500', async () => {
    const res = await f.http().get(`/api/v1/organizations/${world.organizationId}/audit-log?action=%00`).set(bearer(world.members.owner));
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['query', 'action']);
  });
});
