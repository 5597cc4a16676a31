import { useSystem } from '../../support/system-fixture';
import { ROLES, roleAtLeast } from '../../../services/api/src/organizations/roles';
import { exampleOf, pathWith, roleGatedOperations, scopeParam, type RoleGatedOperation } from './openapi-roles';
import { anOrganizationWorld, bearer, type OrganizationWorld, type SignedInUser } from './organizations.support';

const sut = useSystem();
const operations = roleGatedOperations();

async function call(op: RoleGatedOperation, user: SignedInUser, ids: Record<string, string>) {
  const path = `/api/v1${pathWith(op, ids)}`;
  const req = sut.http()[op.method](path).set(bearer(user));
  return op.body ? req.send(exampleOf(op.body) as object) : req;
}

const describeAnswer = (res: { status: number; body: unknown }) => `${res.status} ${JSON.stringify(res.body)}`;

describe('the role matrix, generated from openapi.yaml', () => {
  // Refused calls change nothing, so one world serves them all; every allowed call gets a fresh one.
  let world: OrganizationWorld;
  let other: OrganizationWorld;
  beforeAll(async () => {
    world = await anOrganizationWorld(sut.system.api.db, sut.config);
    other = await anOrganizationWorld(sut.system.api.db, sut.config);
  });

  it('covers the organization operations at least', () => {
    const ids = operations.map((op) => op.operationId);
    expect(ids).toEqual(
      expect.arrayContaining([
        'getOrganization',
        'deleteOrganization',
        'updateMember',
        'removeMember',
        'createInvitation',
        'listOrganizationAuditLog',
      ]),
    );
  });

  describe.each(operations.map((op) => [`${op.method.toUpperCase()} ${op.path} (${op.role})`, op] as const))('%s', (_name, op) => {
    it('when a non-member calls it, then the answer is 404', async () => {
      const res = await call(op, world.outsider, world.ids);
      expect(describeAnswer(res)).toMatch(/^404 /);
    });

    const lower = ROLES.filter((role) => !roleAtLeast(role, op.role));
    if (lower.length) {
      it.each(lower)('when a %s calls it, then the answer is 403', async (role) => {
        const res = await call(op, world.members[role], world.ids);
        expect(describeAnswer(res)).toMatch(/^403 /);
      });
    }

    it.each(ROLES.filter((role) => roleAtLeast(role, op.role)))('when a %s calls it, then the role is enough', async (role) => {
      const fresh = await anOrganizationWorld(sut.system.api.db, sut.config);
      const res = await call(op, fresh.members[role], fresh.ids);
      expect(res.status).toBeLessThan(500);
      expect(describeAnswer(res)).not.toMatch(/^(401|403|404) /);
    });

    it("when an owner names another organization's resources, then the answer is 404", async () => {
      // Every id from the other organization, then (when the path has more) only the ids under the scope.
      const scope = scopeParam(op);
      const variants = [{ ...world.ids, [scope]: other.ids[scope] }];
      for (const param of op.pathParams.filter((p) => p !== scope)) variants.push({ ...world.ids, [param]: other.ids[param] });
      for (const ids of variants) {
        const res = await call(op, world.members.owner, ids);
        expect(describeAnswer(res)).toMatch(/^404 /);
      }
    });
  });
});
