import type { components } from '@herald/client';
import { useMe } from '../auth/me.query';

export type AdminPermission = components['schemas']['AdminPermission'];

/**
 * The signed-in user's platform permissions (GET /auth/me). The console offers only what they
 * allow; the api still decides, and a page reached anyway shows its 403.
 */
export function useAdminPermissions() {
  const me = useMe();
  const permissions = (me.data?.admin_permissions ?? []) as AdminPermission[];
  return {
    permissions,
    isAdministrator: permissions.length > 0,
    /** Holds any of these (one name, or a list of alternatives). */
    has: (needed: AdminPermission | readonly AdminPermission[]) =>
      (typeof needed === 'string' ? [needed] : needed).some((p) => permissions.includes(p)),
    isLoading: me.isLoading,
  };
}
