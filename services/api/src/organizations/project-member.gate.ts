import { AppError } from '@herald/errors';
import type { RequestHandler } from 'express';
import { accepts, scopesOf } from '../http/operation-security';
import { MEMBER_BEARER_SCHEME, PROJECT_HEADER } from '../shared/request-identity';
import type { MembershipRepository } from './membership.repository';
import { roleHoldsScope } from './roles';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The console's way onto the project plane: a signed-in user's bearer (auth's gate has checked
 * it) with `X-Herald-Project: <project_id>`. Without the header it is a 401; a malformed id, a
 * project that does not exist, or one of an organization the user is not a member of (now: the
 * membership is read on every request, so a removal takes effect at once) is a 404 that reveals
 * nothing. The role maps to scopes (roles.ts): a scope the operation needs and the role lacks is
 * a 403 naming it, as for a key. The request then acts as the project's, with the user as actor.
 */
export function projectMemberGate(memberships: MembershipRepository): RequestHandler {
  return async (req, res, next) => {
    if (req.auth || !req.principal || !accepts(req, MEMBER_BEARER_SCHEME)) {
      next();
      return;
    }
    const projectId = req.header(PROJECT_HEADER);
    if (projectId === undefined) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      throw new AppError('unauthenticated', 'a bearer on the project plane needs the X-Herald-Project header (or use X-API-Key)');
    }
    const membership = UUID.test(projectId) ? await memberships.forProject(req.principal.userId, projectId) : undefined;
    if (!membership) throw new AppError('not_found', 'project not found');
    const needed = scopesOf(req, MEMBER_BEARER_SCHEME);
    const missing = needed.filter((scope) => !roleHoldsScope(membership.role, scope));
    if (missing.length) throw new AppError('forbidden', `the ${membership.role} role lacks the required scope: ${missing.join(', ')}`);
    req.auth = { projectId, scopes: needed, apiKeyId: null, userId: req.principal.userId };
    next();
  };
}
