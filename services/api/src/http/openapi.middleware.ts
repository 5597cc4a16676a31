import * as OpenApiValidator from 'express-openapi-validator';
import type { RequestHandler } from 'express';
import { join } from 'node:path';
import type { ApiKeyAuthenticator } from '../domain/api-key-authenticator';

/** openapi.yaml sits at the repository root; compiled code runs from services/api/dist/http. */
export const OPENAPI_PATH = join(__dirname, '..', '..', '..', '..', 'openapi.yaml');

/**
 * Validation and authorisation both come from openapi.yaml: the security requirement of each
 * operation names its scope, so a route cannot exist without a declared scope. The security
 * handler runs before body validation, so an unauthorised caller learns nothing about the body rules.
 */
export function openApiMiddleware(authenticator: ApiKeyAuthenticator, validateResponses: boolean): RequestHandler[] {
  return OpenApiValidator.middleware({
    apiSpec: OPENAPI_PATH,
    validateRequests: { allowUnknownQueryParameters: false, removeAdditional: false },
    validateResponses,
    validateSecurity: {
      handlers: {
        ApiKeyAuth: async (req, scopes) => {
          const outcome = await authenticator.authenticate(req.header('x-api-key'), scopes);
          if (!outcome.ok) throw { status: outcome.status, message: outcome.detail };
          req.auth = outcome.auth;
          return true;
        },
      },
    },
    ignoreUndocumented: false,
  }) as unknown as RequestHandler[];
}
