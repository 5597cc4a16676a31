import type { Request } from 'express';
import type { Caller } from '../events/create-event.use-case';
import type { PageRequest } from '../shared/paging';

/** The authenticated caller; the security handler has always run before a route. */
export function callerOf(req: Request): Caller {
  if (!req.auth) throw new Error('route reached without authentication');
  return { projectId: req.auth.projectId, apiKeyId: req.auth.apiKeyId, requestId: req.requestId };
}

/** openapi.yaml bounds both (per_page at most 100); defaults are page 1 and 25 per page. */
export function pageOf(req: Request): PageRequest {
  return { page: Number(req.query.page ?? 1), perPage: Number(req.query.per_page ?? 25) };
}

export function stringQuery(req: Request, name: string): string | undefined {
  const value = req.query[name];
  return typeof value === 'string' ? value : undefined;
}
