import type { Logger } from '@herald/logger';
import { httpRequestDuration, httpRequests } from '@herald/metrics';
import type { RequestHandler } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';

/** Paths openapi.yaml does not know share one label value: a scanner's random paths must not grow the series. */
const UNMATCHED = 'unmatched';

/**
 * One access-log line and the HTTP metrics per request, when its answer finishes (or the client
 * goes away). The route is the openapi template (`/api/v1/events/{id}`), never the raw path, so
 * ids and tokens stay out of both the labels and the log. The line is only built when info is
 * on: below it, winston would still format each line before dropping it.
 */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    let done = false;
    const record = () => {
      if (done) return;
      done = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = (req as OpenApiRequest).openapi?.openApiRoute ?? UNMATCHED;
      const status = res.writableFinished ? res.statusCode : 499; // 499: the client closed first (nginx's convention)
      const labels = { method: req.method, route, status: String(status) };
      httpRequests.inc(labels);
      httpRequestDuration.observe(labels, seconds);
      // winston runs every format (timestamp, JSON) before a transport drops a disabled level.
      if (logger.isInfoEnabled())
        logger.info('request', { ...labels, status, duration_ms: Math.round(seconds * 1e4) / 10, request_id: req.requestId });
    };
    res.once('finish', record);
    res.once('close', record);
    next();
  };
}
