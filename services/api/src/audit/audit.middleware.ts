import type { Logger } from '@herald/logger';
import type { Request, RequestHandler, Response } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';
import type { AuditLogRepository } from './audit-log.repository';
import { auditMetadata, type AuditSpec } from './audit-metadata';

function auditSpecOf(req: Request): AuditSpec | undefined {
  const operation = (req as OpenApiRequest).openapi?.schema as Record<string, unknown> | undefined;
  const action = operation?.['x-audit-action'];
  if (typeof action !== 'string') return undefined;
  const record = operation?.['x-audit-record'];
  return { action, record: Array.isArray(record) ? record.map(String) : [] };
}

function parseJson(chunk: unknown): unknown {
  if (typeof chunk !== 'string' && !Buffer.isBuffer(chunk)) return undefined;
  try {
    return JSON.parse(chunk.toString());
  } catch {
    return undefined;
  }
}

/**
 * A consumer portal session acts with neither an API key nor a user: the entry's actor columns
 * stay null and its metadata names the session's consumer, so the project can tell these changes apart.
 */
function withPortalActor(metadata: Record<string, unknown>, req: Request): Record<string, unknown> {
  if (!req.portal) return metadata;
  return { ...metadata, actor: { type: 'portal_session', consumer_uid: req.portal.consumerUid, session_id: req.portal.sessionId } };
}

/**
 * Writes one audit entry for every successful call of an operation that openapi.yaml marks with
 * `x-audit-action`: one generic place instead of a line in every route. It hooks `res.end`, so
 * the entry is stored before the client sees the 2xx (a caller can read its own entry at once);
 * a failed audit write is logged and never turns a committed change into an error.
 */
export function auditTrail(audit: AuditLogRepository, logger: Logger): RequestHandler {
  return (req, res, next) => {
    // Most requests (every POST /events) are of operations that record nothing: they pay nothing.
    const spec = auditSpecOf(req);
    if (!spec) return next();
    // Before the openapi validator adds defaults to the body: the fields the caller actually sent.
    const sentFields = typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? Object.keys(req.body) : [];
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    let recorded = false;
    res.end = ((...args: unknown[]) => {
      if (recorded || !req.auth || res.statusCode < 200 || res.statusCode >= 300) return end(...args);
      recorded = true;
      const entry = {
        projectId: req.auth.projectId,
        action: spec.action,
        actorApiKeyId: req.auth.apiKeyId,
        actorUserId: req.auth.userId,
        metadata: withPortalActor(
          auditMetadata(spec, { params: req.params, query: req.query, body: req.body, sentFields }, parseJson(args[0])),
          req,
        ),
        requestId: req.requestId,
      };
      audit
        .insert(entry)
        .catch((err: Error) =>
          logger.error('audit entry not written', { action: spec.action, request_id: req.requestId, error: err.message }),
        )
        .finally(() => end(...args));
      return res;
    }) as Response['end'];
    next();
  };
}
