import type { components } from '@herald/client';
import { useMe } from '../auth/me.query';

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
 * The signed-in user's platform permissions (GET /auth/me). The console offers only what they
 * allow; the api still decides, and a page reached anyway shows its 403.
 */
export function useAdminPermissions() {
  const me = useMe();
  const held = (me.data?.admin_permissions ?? []) as AdminPermission[];
  return {
    held,
    known: me.isSuccess,
    isLoading: me.isLoading,
    isAdministrator: held.length > 0,
    /** Holds any of these (one name, or a list of alternatives). */
    has: (needed: AdminPermission | readonly AdminPermission[]) =>
      (typeof needed === 'string' ? [needed] : needed).some((p) => held.includes(p)),
    /** What an account holds that the caller lacks: the api refuses acting on such an account (403). */
    lacking: (permissions: readonly AdminPermission[]) => permissions.filter((p) => !held.includes(p)),
  };
}
