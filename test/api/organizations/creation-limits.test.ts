import { anAddress, useSignInSystem } from '../auth/sign-in.support';
import { eventually } from '../../support/eventually';
import { anOrganizationWorld, aUser, bearer, type SignedInUser } from './organizations.support';

const sut = useSignInSystem({
  MAX_ORGANIZATIONS_PER_USER: '3',
  MAX_PROJECTS_PER_ORGANIZATION: '2',
  INVITATIONS_PER_USER_PER_HOUR: '2',
  INVITATIONS_PER_ORGANIZATION_PER_HOUR: '3',
});

const createOrganization = (user: SignedInUser, name: string) => sut.http().post('/api/v1/organizations').set(bearer(user)).send({ name });

describe('organization and project quotas', () => {
  it('when a user creates organizations at once past the quota, then exactly the quota is created and the rest are a 409 naming it', async () => {
    const user = await aUser(sut.system.api.db, 'founder');
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => createOrganization(user, `org ${i}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    expect(answers.find((a) => a.status === 409)?.body).toEqual({ detail: expect.stringMatching(/organization quota reached.* 3 /) });
    const listed = await sut.http().get('/api/v1/organizations').set(bearer(user));
    expect(listed.body.total).toBe(3);

    const other = await aUser(sut.system.api.db, 'other-founder');
    expect((await createOrganization(other, 'mine')).status).toBe(201);
  });

  it('when an organization creates projects at once past the quota, then exactly the quota is created and the rest are a 409 naming it', async () => {
    const user = await aUser(sut.system.api.db, 'builder');
    const { body: organization } = await createOrganization(user, 'builders');
    const create = (name: string) => sut.http().post(`/api/v1/organizations/${organization.id}/projects`).set(bearer(user)).send({ name });
    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map(create));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409, 409]);
    expect(answers.find((a) => a.status === 409)?.body).toEqual({ detail: expect.stringMatching(/project quota reached.* 2 /) });
  });
});

describe('invitation throttle', () => {
  it('when a user and then its organization send more invitations than their budgets, then 429 with Retry-After, and refused ones count nowhere', async () => {
    const world = await anOrganizationWorld(sut.system.api.db, sut.config);
    const invite = (by: SignedInUser, email: string) =>
      sut.http().post(`/api/v1/organizations/${world.organizationId}/invitations`).set(bearer(by)).send({ email, role: 'viewer' });
    const { owner, admin } = world.members;

    expect((await invite(owner, anAddress('first'))).status).toBe(201);
    expect((await invite(owner, anAddress('second'))).status).toBe(201);
    const refusedAddress = anAddress('third');
    const refused = await invite(owner, refusedAddress);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: expect.stringMatching(/too many invitations/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 3; i++) expect((await invite(owner, anAddress('again'))).status).toBe(429);

    // The owner's refused invitations took nothing from the organization's budget of 3.
    const late = anAddress('late');
    expect((await invite(admin, late)).status).toBe(201);
    const spent = await invite(admin, anAddress('spent'));
    expect(spent.status).toBe(429);
    expect(Number(spent.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    await eventually(() => expect(sut.smtp.for(late)).toHaveLength(1));
    expect(sut.smtp.for(refusedAddress)).toHaveLength(0);
  });
});
