import type { components } from '@herald/client';

export type Role = components['schemas']['Role'];

/** Lowest first: each role holds the rights of the ones before it (openapi.yaml, Role). */
export const ROLES: readonly Role[] = ['viewer', 'developer', 'admin', 'owner'];

export function atLeast(role: Role | undefined, needed: Role): boolean {
  return role !== undefined && ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/**
 * What the console offers a member, read from each operation's `x-required-role` and the rules
 * of control-plane.md. The api decides in the end; these only keep controls that would be
 * refused off the screen.
 */
export const may = {
  manageMembers: (role: Role | undefined) => atLeast(role, 'admin'),
  invite: (role: Role | undefined) => atLeast(role, 'admin'),
  readAuditLog: (role: Role | undefined) => atLeast(role, 'admin'),
  rename: (role: Role | undefined) => atLeast(role, 'admin'),
  createProject: (role: Role | undefined) => atLeast(role, 'admin'),
  deleteOrganization: (role: Role | undefined) => role === 'owner',
  /** Only an owner grants or takes away `owner`, so an admin may neither touch an owner nor make one. */
  changeRoleOf: (role: Role | undefined, member: Role) => atLeast(role, 'admin') && (member !== 'owner' || role === 'owner'),
  /** Removing someone else needs admin, and an owner needs an owner; leaving is the settings' business. */
  remove: (role: Role | undefined, member: Role) => atLeast(role, 'admin') && (member !== 'owner' || role === 'owner'),
};

/** The roles this member may hand out, in an invitation or a role change. */
export function grantableRoles(role: Role | undefined): Role[] {
  if (!atLeast(role, 'admin')) return [];
  return role === 'owner' ? [...ROLES] : ROLES.filter((r) => r !== 'owner');
}

/** What each role may do, in a sentence, for the role pickers. */
export const ROLE_SUMMARY: Record<Role, string> = {
  viewer: 'reads everything but secrets',
  developer: 'also manages API keys',
  admin: 'also members, invitations, projects and the audit log',
  owner: 'also deletes the organization and grants owner',
};
