import type { RequestHandler } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';
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
 * Identifies the caller from the X-API-Key header alone (a cached hash lookup), so a missing or
 * unknown key is a 401 before any body byte is read. Which scopes the operation needs is still
 * decided by openapi.yaml, in the security handler that runs next.
 */
export function apiKeyGate(authenticator: ApiKeyAuthenticator): RequestHandler {
  return async (req, _res, next) => {
    if (takesApiKey(req)) req.auth = await authenticator.identify(req.header('x-api-key'));
    next();
  };
}
