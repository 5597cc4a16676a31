/** Organization roles, each holding the rights of the one before (control-plane.md). */
export const ROLES = ['viewer', 'developer', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** True when `held` carries at least the rights of `needed`. */
export function roleAtLeast(held: Role, needed: Role): boolean {
  return ROLES.indexOf(held) >= ROLES.indexOf(needed);
}

/**
 * What a member's role holds on its organization's projects (a bearer with X-Herald-Project,
 * control-plane.md): a viewer every `:read` scope, a developer, admin or owner every scope.
 */
export function roleHoldsScope(role: Role, scope: string): boolean {
  return roleAtLeast(role, 'developer') || scope.endsWith(':read');
}
