import { startServerSpan } from '@herald/telemetry';
import type { RequestHandler } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';

/**
 * One server span per request, continuing the caller's `traceparent`; everything the request
 * does (and the outbox message it writes) runs inside it. A no-op when tracing is off.
 */
export const traceRequests: RequestHandler = (req, res, next) => {
  const span = startServerSpan(req.method, req.headers);
  if (!span) return next();
  res.once('close', () => span.end((req as OpenApiRequest).openapi?.openApiRoute ?? 'unmatched', res.statusCode));
  span.run(next);
};
