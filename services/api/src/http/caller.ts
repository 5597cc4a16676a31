import type { Request } from 'express';
import type { Caller } from '@herald/intake';
import type { PageRequest } from '../shared/paging';
import type { Principal } from '../shared/request-identity';
import './express-augment';

/** The authenticated caller; the security handler has always run before a route. */
export function callerOf(req: Request): Caller {
  if (!req.auth) throw new Error('route reached without authentication');
  return { projectId: req.auth.projectId, apiKeyId: req.auth.apiKeyId, requestId: req.requestId };
}

/** The signed-in caller; the bearer gate has always run before a bearer route. */
export function principalOf(req: Request): Principal {
  if (!req.principal) throw new Error('bearer route reached without a principal');
  return req.principal;
}

/** openapi.yaml bounds both (per_page at most 100); defaults are page 1 and 25 per page. */
export function pageOf(req: Request): PageRequest {
  return { page: Number(req.query.page ?? 1), perPage: Number(req.query.per_page ?? 25) };
}

export function stringQuery(req: Request, name: string): string | undefined {
  const value = req.query[name];
  return typeof value === 'string' ? value : undefined;
}
