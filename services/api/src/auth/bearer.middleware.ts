import { AppError } from '@herald/errors';
import type { Request, RequestHandler } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';
import { MEMBER_BEARER_SCHEME } from '../shared/request-identity';
import './express-augment';
import { hashToken, TOKEN_PREFIX } from './opaque-token';
import type { SessionRepository } from './session.repository';

export const BEARER_SCHEME = 'BearerAuth';

/** The platform administration plane, the only one a system account's credential opens. */
export const ADMIN_PATH = /^\/api\/v1\/admin(?:[/?]|$)/;

type Security = Array<Record<string, unknown>> | undefined;

function securityOf(req: Request): Security {
  return ((req as OpenApiRequest).openapi?.schema as { security?: Security } | undefined)?.security;
}

/** The human planes' BearerAuth, or a member's bearer on the project plane (MemberBearerAuth). */
function takesBearer(security: Security): boolean {
  return Array.isArray(security) && security.some((requirement) => BEARER_SCHEME in requirement || MEMBER_BEARER_SCHEME in requirement);
}

/** `security: [{}, {BearerAuth: []}]`: the bearer is optional (an absent one passes, a bad one does not). */
function anonymousAllowed(security: Security): boolean {
  return Array.isArray(security) && security.some((requirement) => Object.keys(requirement).length === 0);
}

function unauthenticated(res: Parameters<RequestHandler>[1], message: string, error?: string): AppError {
  res.setHeader('WWW-Authenticate', error ? `Bearer error="${error}"` : 'Bearer');
  return new AppError('unauthenticated', message);
}

/**
 * Identifies the signed-in user of an operation that takes a bearer (openapi.yaml `BearerAuth`)
 * from the Authorization header alone, before any body byte is read. Access tokens are looked up
 * in the database on every request (one primary-key probe), never cached, so a logout or a
 * revoked session takes effect on every api process at once. An X-API-Key is not a bearer.
 */
export function bearerGate(sessions: SessionRepository): RequestHandler {
  return async (req, res, next) => {
    const security = securityOf(req);
    const header = req.header('authorization');
    // req.auth: an API key already identified a project-plane request (the key wins over a bearer).
    if (!takesBearer(security) || req.auth || (header === undefined && anonymousAllowed(security))) {
      next();
      return;
    }
    const token = /^Bearer +([A-Za-z0-9_.~+/=-]+) *$/i.exec(header ?? '')?.[1];
    if (!token) throw unauthenticated(res, header ? 'Authorization must be "Bearer <access token>"' : 'missing bearer token');
    if (token.startsWith(TOKEN_PREFIX.systemAccount) && ADMIN_PATH.test(req.originalUrl)) {
      // A system account's credential is a bearer on /admin/* only: the admin gate checks it.
      // Anywhere else it is looked up as an access token, finds no session, and is refused.
      req.systemAccountSecret = token;
      next();
      return;
    }
    const principal = await sessions.principalOf(hashToken(token));
    if (!principal) throw unauthenticated(res, 'access token is invalid, expired or revoked', 'invalid_token');
    req.principal = principal;
    next();
  };
}
