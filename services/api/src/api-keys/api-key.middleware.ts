import type { RequestHandler } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';
import { accepts } from '../http/operation-security';
import { MEMBER_BEARER_SCHEME } from '../shared/request-identity';
import type { ApiKeyAuthenticator } from './api-key-authenticator';

/**
 * Operations take a key unless their openapi `security` says otherwise: `[]` (health, provider
 * feedback, sign-in) takes nothing, `BearerAuth` (the human planes) takes a bearer instead.
 */
function takesApiKey(req: Parameters<RequestHandler>[0]): boolean {
  const operation = (req as OpenApiRequest).openapi?.schema as { security?: Array<Record<string, unknown>> } | undefined;
  return !Array.isArray(operation?.security) || operation.security.some((requirement) => 'ApiKeyAuth' in requirement);
}

/**
 * A request without X-API-Key but with a bearer, on an operation that also takes a member's
 * bearer, is left to the bearer and project-member gates. A key, when present, always wins: the
 * request is the key's, whatever Authorization or X-Herald-Project it also carries.
 */
function leftToMemberBearer(req: Parameters<RequestHandler>[0]): boolean {
  return req.header('x-api-key') === undefined && req.header('authorization') !== undefined && accepts(req, MEMBER_BEARER_SCHEME);
}

/**
 * Identifies the caller from the X-API-Key header alone (a cached hash lookup), so a missing or
 * unknown key is a 401 before any body byte is read. Which scopes the operation needs is still
 * decided by openapi.yaml, in the security handler that runs next.
 */
export function apiKeyGate(authenticator: ApiKeyAuthenticator): RequestHandler {
  return async (req, _res, next) => {
    if (takesApiKey(req) && !leftToMemberBearer(req)) req.auth = await authenticator.identify(req.header('x-api-key'));
    next();
  };
}
