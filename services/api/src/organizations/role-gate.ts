import { AppError } from '@herald/errors';
import type { Request, RequestHandler } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';
import { principalOf } from '../http/caller';
import type { Membership, MembershipRepository } from './membership.repository';
import { isRole, roleAtLeast } from './roles';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The caller's membership in the organization the operation acts on (set by the role gate). */
      membership?: Membership;
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function operationOf(req: Request): Record<string, unknown> | undefined {
  return (req as OpenApiRequest).openapi?.schema as Record<string, unknown> | undefined;
}

function requiredRoleOf(req: Request): unknown {
  return operationOf(req)?.['x-required-role'];
}

/**
 * `x-required-role-unless-self: user_id`: the member the path parameter names may call the
 * operation on themself with any role (leaving an organization); others need x-required-role.
 */
function isSelf(req: Request, userId: string, params: Record<string, string>): boolean {
  const param = operationOf(req)?.['x-required-role-unless-self'];
  return typeof param === 'string' && params[param] === userId;
}

/**
 * Roles come from openapi.yaml like scopes do: a bearer operation names `x-required-role`
 * (`any` for what every signed-in user may do). The organization is the path's
 * `organization_id`, or the owner of its `project_id`. A caller who is not a member gets 404 for
 * the organization and everything under it (nothing reveals that it exists); a member whose role
 * is too low gets 403.
 */
export function roleGate(memberships: MembershipRepository): RequestHandler {
  return async (req, _res, next) => {
    const needed = requiredRoleOf(req);
    if (needed === undefined || needed === 'any') {
      next();
      return;
    }
    if (!isRole(needed)) throw new Error(`x-required-role ${String(needed)} is not a role`);
    const { userId } = principalOf(req);
    const params = (req as OpenApiRequest).openapi?.pathParams ?? {};
    const membership = await membershipFor(memberships, userId, params);
    if (!membership) throw new AppError('not_found', 'not found');
    if (!roleAtLeast(membership.role, needed) && !isSelf(req, userId, params))
      throw new AppError('forbidden', `this needs the ${needed} role; you are ${membership.role}`);
    req.membership = membership;
    next();
  };
}

async function membershipFor(
  memberships: MembershipRepository,
  userId: string,
  params: Record<string, string>,
): Promise<Membership | undefined> {
  const { organization_id: organizationId, project_id: projectId } = params;
  if (organizationId !== undefined) return UUID.test(organizationId) ? memberships.inOrganization(userId, organizationId) : undefined;
  if (projectId !== undefined) return UUID.test(projectId) ? memberships.forProject(userId, projectId) : undefined;
  throw new Error('x-required-role on an operation without organization_id or project_id in its path');
}

/** The membership the role gate found; it has always run before a role-checked route. */
export function membershipOf(req: Request): Membership {
  if (!req.membership) throw new Error('role-checked route reached without a membership');
  return req.membership;
}
