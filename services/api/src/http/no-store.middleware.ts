import type { RequestHandler } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';

/**
 * Operations whose answer carries a token or a secret say so in openapi.yaml (`x-no-store: true`),
 * and this is the one place that keeps them out of every cache. Set before anything else runs, so
 * the operation's errors carry it too.
 */
export function noStore(): RequestHandler {
  return (req, res, next) => {
    const operation = (req as OpenApiRequest).openapi?.schema as Record<string, unknown> | undefined;
    if (operation?.['x-no-store'] === true) res.setHeader('Cache-Control', 'no-store');
    next();
  };
}
