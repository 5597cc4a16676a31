import * as OpenApiValidator from 'express-openapi-validator';
import type { RequestHandler } from 'express';
import { join } from 'node:path';
import './express-augment';
import { isStorableDateTime } from './date-time.format';
import { textFormats } from './text.formats';
import { cacheRoutePatterns } from './route-pattern.cache';
import { rememberLiteralOperations } from './literal-operations.memo';
import { statusOf } from './error-handler';

/** openapi.yaml sits at the repository root; compiled code runs from services/api/dist/http. */
export const OPENAPI_PATH = join(__dirname, '..', '..', '..', '..', 'openapi.yaml');

/** What runs around the scope check: identification before it, body reading after it. */
export interface EdgeStages {
  beforeScopes: RequestHandler[];
  afterScopes: RequestHandler[];
}

/**
 * Validation and authorisation both come from openapi.yaml: the security requirement of each
 * operation names its scope, so a route cannot exist without a declared scope. The validator's
 * own steps are route matching -> security -> request validation; our stages go in between, so
 * the order is: match the operation (unknown paths are 404s, nothing read), identify the key
 * (`beforeScopes`), check the operation's scopes here, then read the body with the operation's
 * limit (`afterScopes`) and validate it. An unauthorised caller gets nothing read and learns
 * nothing about the body rules.
 */
export function openApiMiddleware(validateResponses: boolean, stages: EdgeStages): RequestHandler[] {
  cacheRoutePatterns();
  const steps = OpenApiValidator.middleware({
    apiSpec: OPENAPI_PATH,
    validateRequests: { allowUnknownQueryParameters: false, removeAdditional: false },
    validateResponses,
    formats: { 'date-time': { type: 'string', validate: isStorableDateTime }, ...textFormats() },
    validateSecurity: {
      handlers: {
        ApiKeyAuth: (req, scopes) => {
          const auth = req.auth;
          if (!auth?.apiKeyId) throw { status: statusOf('unauthenticated'), message: 'missing X-API-Key header' };
          const missing = scopes.filter((s) => !auth.scopes.includes(s));
          if (missing.length) throw { status: statusOf('forbidden'), message: `API key lacks the required scope: ${missing.join(', ')}` };
          return true;
        },
        // A member's bearer with X-Herald-Project: organizations' project-member gate has found the
        // membership and refused (403) a scope the role lacks; this only confirms it ran.
        MemberBearerAuth: (req, scopes) => {
          const auth = req.auth;
          if (!auth?.userId) throw { status: statusOf('unauthenticated'), message: 'missing bearer token' };
          if (!scopes.every((s) => auth.scopes.includes(s)))
            throw { status: statusOf('forbidden'), message: 'role lacks the required scope' };
          return true;
        },
        // The bearer gate (auth/bearer.middleware.ts) has already looked the token up; on /admin/*
        // the admin gate has checked a system account's credential instead.
        BearerAuth: (req) => {
          if (!req.principal && !req.systemAccountId) throw { status: statusOf('unauthenticated'), message: 'missing bearer token' };
          return true;
        },
      },
    },
    ignoreUndocumented: false,
    // No operation takes multipart/form-data or a binary body (bodies are read by body-reader
    // with their own limits). The uploader would only add a step to every request, and with it
    // a second Ajv that compiles the whole document again.
    fileUploader: false,
  }) as unknown as RequestHandler[];
  const metadata = steps.findIndex((step) => step.name === 'metadataMiddleware');
  if (metadata < 0) throw new Error('express-openapi-validator has no metadataMiddleware step to remember literal operations of');
  steps[metadata] = rememberLiteralOperations(steps[metadata]);
  const security = steps.findIndex((step) => step.name === 'securityMiddleware');
  if (security < 0) throw new Error('express-openapi-validator has no securityMiddleware step to order the edge around');
  return [...steps.slice(0, security), ...stages.beforeScopes, steps[security], ...stages.afterScopes, ...steps.slice(security + 1)];
}
