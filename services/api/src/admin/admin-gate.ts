import { AppError } from '@herald/errors';
import type { Request, RequestHandler } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';
import { ADMIN_PATH } from '../auth/bearer.middleware';
import { hashToken } from '../auth/opaque-token';
import type { AdministratorRepository } from './administrator.repository';
import type { SystemAccountRepository } from './system-account.repository';
import { isAdminPermission } from './permissions';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The permissions of the administrator calling an /admin operation (set by the admin gate). */
      adminPermissions?: string[];
    }
  }
}

function requiredPermissionOf(req: Request): unknown {
  return ((req as OpenApiRequest).openapi?.schema as Record<string, unknown> | undefined)?.['x-required-permission'];
}

/**
 * Permissions come from openapi.yaml like roles and scopes do: an /admin operation names
 * `x-required-permission`. A bearer whose user is no administrator, or holds other permissions
 * only, gets 403. An /admin operation that declares none is never served (a unit spec keeps
 * openapi.yaml from shipping one).
 */
export function adminGate(administrators: AdministratorRepository, systemAccounts: SystemAccountRepository): RequestHandler {
  return async (req, _res, next) => {
    const needed = requiredPermissionOf(req);
    if (needed === undefined) {
      if (ADMIN_PATH.test(req.originalUrl)) throw new Error('an /admin operation without x-required-permission');
      next();
      return;
    }
    if (!isAdminPermission(needed)) throw new Error(`x-required-permission ${String(needed)} is not a permission`);
    const held = await permissionsOfCaller(req, administrators, systemAccounts);
    if (!held.includes(needed)) throw new AppError('forbidden', `this needs the ${needed} administration permission`);
    req.adminPermissions = held;
    next();
  };
}

/**
 * A signed-in user's administrator permissions, or a system account's when the bearer gate let
 * its credential through (on /admin/* only). An unknown, expired or deleted credential is 401.
 */
async function permissionsOfCaller(
  req: Request,
  administrators: AdministratorRepository,
  systemAccounts: SystemAccountRepository,
): Promise<string[]> {
  if (req.principal) return administrators.permissionsOf(req.principal.userId);
  if (req.systemAccountSecret === undefined) throw new Error('admin gate reached without the bearer gate');
  const account = await systemAccounts.bySecretHash(hashToken(req.systemAccountSecret));
  if (!account) throw new AppError('unauthenticated', 'system account credential is invalid, expired or deleted');
  req.systemAccountId = account.id;
  return account.permissions;
}

/** The caller's permissions as the admin gate found them; it has always run before an /admin route. */
export function adminPermissionsOf(req: Request): string[] {
  if (!req.adminPermissions) throw new Error('admin route reached without the admin gate');
  return req.adminPermissions;
}
