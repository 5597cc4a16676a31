import { allProjectScopes } from '../api-keys/scopes';
import { ROLES, roleHoldsScope } from './roles';

describe('roleHoldsScope (a member bearer on the project plane)', () => {
  it('when the role is viewer, then it holds every :read scope and no :write scope', () => {
    const held = allProjectScopes().filter((scope) => roleHoldsScope('viewer', scope));
    expect(held).toEqual(allProjectScopes().filter((scope) => scope.endsWith(':read')));
    expect(held).not.toContainEqual(expect.stringMatching(/:write$/));
  });

  it('when the role is developer, admin or owner, then it holds every scope', () => {
    for (const role of ROLES.filter((r) => r !== 'viewer')) {
      expect([role, allProjectScopes().filter((scope) => roleHoldsScope(role, scope))]).toEqual([role, allProjectScopes()]);
    }
  });
});
