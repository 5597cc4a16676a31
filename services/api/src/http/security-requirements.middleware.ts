import type { Request, RequestHandler } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';
import './express-augment';

/** A refusal: its status (401 or 403) and the message the caller reads as `detail`. */
export interface Refusal {
  status: number;
  message: string;
}

/**
 * Checks one security scheme of an operation for this request: undefined when it is satisfied,
 * else why not. The identify and authorize gates have already found the caller (req.auth,
 * req.principal); a check only compares what they found with what the operation asks.
 */
export type SchemeCheck = (req: Request, scopes: string[]) => Refusal | undefined;

interface Scheme {
  type?: string;
  in?: string;
  name?: string;
  scheme?: string;
}

type Requirement = Array<{ name: string; scopes: string[]; scheme: Scheme; check: SchemeCheck }>;

const UNAUTHENTICATED = 401;

/** What the credential's form alone says, before its check (the same words as the validator's). */
function credentialMissing(req: Request, scheme: Scheme): Refusal | undefined {
  if (scheme.type === 'apiKey' && scheme.in === 'header' && scheme.name && !req.headers[scheme.name.toLowerCase()]) {
    return { status: UNAUTHENTICATED, message: `'${scheme.name}' header required` };
  }
  if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') {
    const header = req.headers.authorization;
    if (header === undefined) return { status: UNAUTHENTICATED, message: 'Authorization header required' };
    if (!header.toLowerCase().includes('bearer'))
      return { status: UNAUTHENTICATED, message: "Authorization header with scheme 'Bearer' required" };
  }
  return undefined;
}

/**
 * The operation's `security` from openapi.yaml, enforced: one of its requirements must hold, and
 * a requirement holds when every scheme in it does; otherwise the first refusal in document order
 * answers. express-openapi-validator's own security step did the same, but for every scheme of
 * every request it awaited a promise and, for each alternative the caller did not use (a key
 * request on an operation that also takes a member's bearer), built and threw an Error with its
 * stack trace: a few percent of the api's CPU per request. Requirements are resolved once per
 * operation.
 */
export function securityRequirements(
  document: { schemes: Record<string, Scheme>; security: Array<Record<string, unknown>> },
  checks: Record<string, SchemeCheck>,
): RequestHandler {
  const { schemes } = document;
  const resolved = new WeakMap<object, Requirement[]>();
  const resolve = (operation: { security?: Array<Record<string, unknown>> }): Requirement[] =>
    (operation.security ?? document.security).map((requirement) =>
      Object.entries(requirement).map(([name, scopes]) => {
        const scheme = schemes[name];
        const check = checks[name];
        // openapi.yaml is checked at start (route-table, lint): an unknown scheme is a bug, not a 401.
        if (!scheme || !check) throw new Error(`security scheme ${name} has no definition or no check`);
        return { name, scheme, check, scopes: Array.isArray(scopes) ? scopes.map(String) : [] };
      }),
    );
  return (req, _res, next) => {
    const operation = (req as OpenApiRequest).openapi?.schema as { security?: Array<Record<string, unknown>> } | undefined;
    if (!operation) return next();
    let requirements = resolved.get(operation);
    if (!requirements) {
      requirements = resolve(operation);
      resolved.set(operation, requirements);
    }
    if (requirements.length === 0) return next();
    let first: Refusal | undefined;
    for (const requirement of requirements) {
      let refusal: Refusal | undefined;
      for (const { scheme, check, scopes } of requirement) {
        refusal = credentialMissing(req, scheme) ?? check(req, scopes);
        if (refusal) break;
      }
      // `{}` (anonymous allowed) is an empty requirement: it always holds.
      if (!refusal) return next();
      first ??= refusal;
    }
    next(first);
  };
}
