import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** What express-openapi-validator's metadata step puts on a request it matched to an operation. */
interface OperationMetadata {
  expressRoute: string;
  pathParams: Record<string, string>;
  schema?: unknown;
}

type WithMetadata = Request & { openapi?: OperationMetadata };

/**
 * Wraps the validator's metadata step (`metadataMiddleware`), which finds a request's operation
 * by trying every documented route's pattern in turn, on every request: ~4% of the api's CPU
 * under POST /events (trying the literal routes listed before /events). A route without path
 * parameters always resolves the same method and path to the same operation, so that answer is
 * kept and handed out again, as a fresh copy. Kept only when the request's path is the route
 * itself, spelled as documented: other spellings that match (a trailing slash, another letter
 * case) go through the validator every time, so the memo holds at most one entry per documented
 * literal operation, whatever callers send.
 */
export function rememberLiteralOperations(metadata: RequestHandler): RequestHandler {
  const known = new Map<string, OperationMetadata>();
  return function metadataMiddleware(req: Request, res: Response, next: NextFunction) {
    // The path the validator matches on (it reads originalUrl, not the router-relative url).
    const path = pathOf(req.originalUrl);
    const key = `${req.method} ${path}`;
    const hit = known.get(key);
    if (hit) {
      const pathParams = {};
      (req as WithMetadata).openapi = { ...hit, pathParams };
      req.params = pathParams;
      return next();
    }
    return metadata(req, res, (err?: unknown) => {
      const found = (req as WithMetadata).openapi;
      if (err === undefined && found?.schema && found.expressRoute === path && Object.keys(found.pathParams).length === 0) {
        known.set(key, { ...found });
      }
      next(err as Error);
    });
  };
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}
