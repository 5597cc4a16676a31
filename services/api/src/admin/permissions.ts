import { documentedEnum } from '../http/openapi-operations';

/** The platform permissions of the control-plane spec, as openapi.yaml's AdminPermission lists them; an administrator holds an explicit subset. */
export function adminPermissions(): readonly string[] {
  return documentedEnum('AdminPermission');
}

export function isAdminPermission(value: unknown): value is string {
  return typeof value === 'string' && adminPermissions().includes(value);
}

/** Sorted and without repeats, so stored lists compare and read the same way. */
export function normalizePermissions(permissions: readonly string[]): string[] {
  return [...new Set(permissions)].sort();
}
