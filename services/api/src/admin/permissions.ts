/** The platform permissions of the control-plane spec; an administrator holds an explicit subset. */
export const ADMIN_PERMISSIONS = [
  'health:read',
  'analytics:read',
  'usage:read',
  'audit_log:read',
  'api_keys:read',
  'api_keys:write',
  'system_accounts:read',
  'system_accounts:write',
  'administrators:read',
  'administrators:write',
  'system_templates:read',
  'system_templates:write',
] as const;

export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

export function isAdminPermission(value: unknown): value is AdminPermission {
  return typeof value === 'string' && (ADMIN_PERMISSIONS as readonly string[]).includes(value);
}

/** Sorted and without repeats, so stored lists compare and read the same way. */
export function normalizePermissions(permissions: readonly string[]): string[] {
  return [...new Set(permissions)].sort();
}
