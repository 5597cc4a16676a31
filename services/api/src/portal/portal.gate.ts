import { AppError } from '@herald/errors';
import type { RequestHandler, Response } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';
import { accepts, scopesOf } from '../http/operation-security';
import { PORTAL_SCHEME } from '../shared/request-identity';
import type { PortalSessionRepository } from './portal-session.repository';
import { hashToken, PORTAL_PREFIX } from './portal-token';

const PORTAL_BEARER = new RegExp(`^Bearer +(${PORTAL_PREFIX.session}[A-Za-z0-9_-]+) *$`, 'i');

function unauthenticated(res: Response, message: string): AppError {
  res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
  return new AppError('unauthenticated', message);
}

/**
 * Identifies a consumer portal session (`Authorization: Bearer hps_...`) before the other
 * bearer gates, which would not know the token. It opens only the operations that list
 * `PortalAuth` (any other one is a 401, whatever its own security), pins the request to the
 * session's project (no X-Herald-Project) and to its consumer: a path `{uid}` naming any other
 * consumer is a 404, as if it did not exist. The session is looked up on every request, so an
 * ended or expired one is refused at once. A request that also carries an X-API-Key is the key's.
 */
export function portalGate(sessions: PortalSessionRepository): RequestHandler {
  return async (req, res, next) => {
    const token = PORTAL_BEARER.exec(req.header('authorization') ?? '')?.[1];
    if (token === undefined || req.auth) {
      next();
      return;
    }
    if (!accepts(req, PORTAL_SCHEME)) throw unauthenticated(res, 'a portal session token opens only the consumer portal operations');
    const session = await sessions.findSession(hashToken(token));
    if (!session) throw unauthenticated(res, 'portal session is invalid, expired or ended');
    const { openApiRoute, pathParams } = (req as OpenApiRequest).openapi ?? {};
    const uid = pathParams?.uid;
    // Fail closed: an operation whose path names a consumer must name this one.
    if ((openApiRoute ?? '').includes('{uid}') && uid !== session.consumerUid)
      throw new AppError('not_found', `consumer ${JSON.stringify(uid)} not found`);
    req.portal = session;
    // The operation's own scopes, nothing more: the handlers read the project from here as for a key.
    req.auth = { projectId: session.projectId, scopes: scopesOf(req, 'ApiKeyAuth'), apiKeyId: null, userId: null };
    next();
  };
}
