import type { RequestHandler } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';
import type { UsageMeter } from './usage-meter';

/**
 * Counts every request made with one of the project's API keys under its route template
 * (`/events/{id}`, never the raw path), whatever its status. A member's bearer or a portal
 * session acts on the project too but is not the project's API use: counting the console's own
 * reads would make the usage page change by being looked at. Registered before the openapi
 * middleware, it reads the route and the key when the response finishes, so requests rejected
 * by validation count too.
 */
export function usageCounter(meter: UsageMeter, basePath: string): RequestHandler {
  return (req, res, next) => {
    res.on('finish', () => {
      const route = (req as OpenApiRequest).openapi?.openApiRoute;
      if (!req.auth?.apiKeyId || !route) return;
      meter.count(req.auth.projectId, req.method, route.startsWith(basePath) ? route.slice(basePath.length) : route);
    });
    next();
  };
}
