import { randomUUID } from 'node:crypto';
import type { Database } from '@herald/db';
import { grantAdministrator } from '../../../services/api/src/admin/grant-administrator.use-case';
import { adminPermissions } from '../../../services/api/src/admin/permissions';
import { SystemAccountRepository } from '../../../services/api/src/admin/system-account.repository';

export const ALL = [...adminPermissions()];

/** An administrator holding exactly these permissions, signed in (as `herald admin grant` makes one). */
export async function anAdministrator(db: Database, permissions: string[]) {
  const email = `admin-${randomUUID().slice(0, 8)}@example.com`;
  const granted = await grantAdministrator(db, email, permissions, { accessTtlS: 900, refreshTtlS: 3600, sessionMaxAgeS: 3600 });
  // grantAdministrator treats an empty list as "all"; an administrator with none is made by PATCH in tests that need one.
  return { ...granted, email, auth: { Authorization: `Bearer ${granted.access_token}` } };
}

export function allBut(permission: string): string[] {
  return ALL.filter((p) => p !== permission);
}

/** A system account holding these permissions, made directly (as an administrator's POST would). */
export async function aSystemAccount(db: Database, permissions: string[]) {
  return new SystemAccountRepository(db).create(`robot-${randomUUID().slice(0, 8)}`, permissions);
}
