import type { components } from '@herald/client';
import { useMe } from '../../auth/me.query';

export type AdminPermission = components['schemas']['AdminPermission'];

/** Every permission, in openapi.yaml's order (AdminPermission), which groups each area's read and write. */
export const ADMIN_PERMISSIONS: readonly AdminPermission[] = [
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
];

/**
 * The signed-in administrator's permissions (GET /auth/me). They only keep controls that would be
 * refused off the screen; the api decides, and a forced request's 403 is shown in words.
 */
export function useAdminPermissions() {
  const me = useMe();
  const held = (me.data?.admin_permissions ?? []) as AdminPermission[];
  return {
    known: me.isSuccess,
    held,
    has: (permission: AdminPermission) => held.includes(permission),
    /** What an account holds that the caller lacks: the api refuses acting on such an account (403). */
    lacking: (permissions: readonly AdminPermission[]) => permissions.filter((p) => !held.includes(p)),
  };
}
