import * as OpenApiValidator from 'express-openapi-validator';
import type { RequestHandler } from 'express';
import { OPENAPI_PATH } from './openapi-path';
import './express-augment';
import { isStorableDateTime } from './date-time.format';
import { textFormats } from './text.formats';
import { cacheRoutePatterns } from './route-pattern.cache';
import { latchUrlParseWarning } from './url-parse-warning.latch';
import { rememberLiteralOperations } from './literal-operations.memo';
import { statusOf } from './error-handler';
import { documentSecurity } from './openapi-operations';
import { securityRequirements, type SchemeCheck } from './security-requirements.middleware';

/**
 * What each security scheme of openapi.yaml asks of the caller the identify gates found. A scheme
 * without an entry here fails at the first request that names it.
 */
const SCHEME_CHECKS: Record<string, SchemeCheck> = {
  ApiKeyAuth: (req, scopes) => {
    const auth = req.auth;
    if (!auth?.apiKeyId) return { status: statusOf('unauthenticated'), message: 'missing X-API-Key header' };
    const missing = scopes.filter((s) => !auth.scopes.includes(s));
    return missing.length
      ? { status: statusOf('forbidden'), message: `API key lacks the required scope: ${missing.join(', ')}` }
      : undefined;
  },
  // A member's bearer with X-Herald-Project: organizations' project-member gate has found the
  // membership and refused (403) a scope the role lacks; this only confirms it ran.
  MemberBearerAuth: (req, scopes) => {
    const auth = req.auth;
    if (!auth?.userId) return { status: statusOf('unauthenticated'), message: 'missing bearer token' };
    return scopes.every((s) => auth.scopes.includes(s))
      ? undefined
      : { status: statusOf('forbidden'), message: 'role lacks the required scope' };
  },
  // A consumer portal session: portal's gate has found it and kept it to its consumer.
  PortalAuth: (req) => (req.portal ? undefined : { status: statusOf('unauthenticated'), message: 'missing portal session token' }),
  // The bearer gate (auth/bearer.middleware.ts) has already looked the token up; on /admin/*
  // the admin gate has checked a system account's credential instead.
  BearerAuth: (req) =>
    req.principal || req.systemAccountId ? undefined : { status: statusOf('unauthenticated'), message: 'missing bearer token' },
};

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
  latchUrlParseWarning();
  const steps = OpenApiValidator.middleware({
    apiSpec: OPENAPI_PATH,
    validateRequests: { allowUnknownQueryParameters: false, removeAdditional: false },
    validateResponses,
    formats: { 'date-time': { type: 'string', validate: isStorableDateTime }, ...textFormats() },
    // Security runs as our own step (securityRequirements, below), in the validator's place.
    validateSecurity: false,
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
  const scopes = securityRequirements(documentSecurity(), SCHEME_CHECKS);
  return [...steps.slice(0, security), ...stages.beforeScopes, scopes, ...stages.afterScopes, ...steps.slice(security + 1)];
}
