import { AppError } from '@herald/errors';
import type { Request, RequestHandler } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';
import { principalOf } from '../auth/bearer.middleware';
import type { AdministratorRepository } from './administrator.repository';
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

const ADMIN_PATH = /^\/api\/v1\/admin(?:[/?]|$)/;

function requiredPermissionOf(req: Request): unknown {
  return ((req as OpenApiRequest).openapi?.schema as Record<string, unknown> | undefined)?.['x-required-permission'];
}

/**
 * Permissions come from openapi.yaml like roles and scopes do: an /admin operation names
 * `x-required-permission`. A bearer whose user is no administrator, or holds other permissions
 * only, gets 403. An /admin operation that declares none is never served (a unit spec keeps
 * openapi.yaml from shipping one).
 */
export function adminGate(administrators: AdministratorRepository): RequestHandler {
  return async (req, _res, next) => {
    const needed = requiredPermissionOf(req);
    if (needed === undefined) {
      if (ADMIN_PATH.test(req.originalUrl)) throw new Error('an /admin operation without x-required-permission');
      next();
      return;
    }
    if (!isAdminPermission(needed)) throw new Error(`x-required-permission ${String(needed)} is not a permission`);
    const held = await administrators.permissionsOf(principalOf(req).userId);
    if (!held.includes(needed)) throw new AppError('forbidden', `this needs the ${needed} administration permission`);
    req.adminPermissions = held;
    next();
  };
}

/** The caller's permissions as the admin gate found them; it has always run before an /admin route. */
export function adminPermissionsOf(req: Request): string[] {
  if (!req.adminPermissions) throw new Error('admin route reached without the admin gate');
  return req.adminPermissions;
}
