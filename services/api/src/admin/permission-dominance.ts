import { AppError } from '@herald/errors';

/**
 * No administrator widens its own power. Whoever holds `administrators:write` or
 * `system_accounts:write` could otherwise reach every other permission through a stronger
 * account: mint a credential for it, strip it, or rename and delete it. So acting on an
 * administrator or a system account needs every permission that account holds, and every one
 * the action gives it or takes from it. The caller's own record passes the first half (it holds
 * what it holds): it may drop permissions, never add one.
 */

function lacking(callerHolds: readonly string[], involved: Iterable<string>): string[] {
  return [...new Set(involved)].filter((p) => !callerHolds.includes(p)).sort();
}

/** Making an account: every permission given must be held by the caller. */
export function mayGrant(callerHolds: readonly string[], granted: readonly string[]): void {
  const missing = lacking(callerHolds, granted);
  if (missing.length > 0) throw new AppError('forbidden', `you cannot grant permissions you do not hold: ${missing.join(', ')}`);
}

/**
 * Updating, deleting, or issuing or revoking a credential of an account holding `targetHolds`:
 * the caller must hold each of them, and each of `becomes` (what an update leaves it with).
 */
export function mayActOn(callerHolds: readonly string[], targetHolds: readonly string[], becomes: readonly string[] = targetHolds): void {
  const missing = lacking(callerHolds, [...targetHolds, ...becomes]);
  if (missing.length > 0)
    throw new AppError('forbidden', `you lack permissions this account holds or would be given: ${missing.join(', ')}`);
}
