import type { RequestHandler } from 'express';
import type { RouteParameters } from 'express-serve-static-core';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';
import { chain } from './chain';

export const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Method = (typeof METHODS)[number];

/** "POST /events/:id": a method and an Express-style path template, relative to the base path. */
export type OperationKey = string;

/** How openapi.yaml's `/events/{id}` reads as an Express path template: `/events/:id`. */
export function expressTemplate(openApiPath: string): string {
  return openApiPath.replace(/\{([^}]+)\}/g, ':$1');
}

/**
 * Where each documented operation is handled, keyed by method and path template. The openapi
 * validator has matched every request to one documented operation before any route runs, so
 * dispatch is one map lookup on that match. Express routers would match the path all over again,
 * through one router per area (~20) and their patterns in turn: a measurable part of every
 * request's CPU and allocations.
 *
 * Routes are declared the way Express routers declare them (`routes.post('/events', handler)`),
 * with the path spelled as openapi.yaml spells it, parameters included (`assertMatches` checks
 * that at start), and typed as a Router types them: `req.params` has the path's parameters.
 */
export class RouteTable {
  private readonly handlers = new Map<OperationKey, RequestHandler>();

  get<Path extends string>(path: Path, ...handlers: Array<RequestHandler<RouteParameters<Path>>>): this {
    return this.add('get', path, handlers as RequestHandler[]);
  }

  put<Path extends string>(path: Path, ...handlers: Array<RequestHandler<RouteParameters<Path>>>): this {
    return this.add('put', path, handlers as RequestHandler[]);
  }

  post<Path extends string>(path: Path, ...handlers: Array<RequestHandler<RouteParameters<Path>>>): this {
    return this.add('post', path, handlers as RequestHandler[]);
  }

  patch<Path extends string>(path: Path, ...handlers: Array<RequestHandler<RouteParameters<Path>>>): this {
    return this.add('patch', path, handlers as RequestHandler[]);
  }

  delete<Path extends string>(path: Path, ...handlers: Array<RequestHandler<RouteParameters<Path>>>): this {
    return this.add('delete', path, handlers as RequestHandler[]);
  }

  /** Takes in every route of other tables (an area made of several). */
  include(...tables: RouteTable[]): this {
    for (const table of tables) for (const [key, handler] of table.handlers) this.register(key, handler);
    return this;
  }

  operations(): OperationKey[] {
    return [...this.handlers.keys()];
  }

  /**
   * Every route is a documented operation and every documented operation has a route: a route
   * openapi.yaml does not know could never be reached, and an operation without a route would
   * answer 404 to a valid request. `documented` are keys as `key()` makes them.
   */
  assertMatches(documented: OperationKey[]): void {
    const served = new Set(this.handlers.keys());
    const known = new Set(documented);
    const undocumented = [...served].filter((k) => !known.has(k));
    const unserved = [...known].filter((k) => !served.has(k));
    if (undocumented.length || unserved.length) {
      const parts = [
        undocumented.length ? `routes openapi.yaml does not document: ${undocumented.join(', ')}` : '',
        unserved.length ? `documented operations without a route: ${unserved.join(', ')}` : '',
      ];
      throw new Error(parts.filter(Boolean).join('; '));
    }
  }

  /**
   * The last step of the edge: runs the route of the operation the validator matched, with the
   * path parameters it decoded (and coerced). A request no route serves goes on to the app's 404.
   */
  dispatcher(basePath: string): RequestHandler {
    return (req, res, next) => {
      const openapi = (req as OpenApiRequest).openapi;
      const route = openapi?.expressRoute;
      const handler = route?.startsWith(basePath) ? this.handlers.get(key(req.method, route.slice(basePath.length))) : undefined;
      if (!handler) return next();
      req.params = (openapi?.pathParams ?? {}) as typeof req.params;
      return handler(req, res, next);
    };
  }

  private add(method: Method, path: string, handlers: RequestHandler[]): this {
    if (handlers.length === 0) throw new Error(`${method.toUpperCase()} ${path}: no handler`);
    // chain() also gives a lone handler Express's error forwarding: a throw or a rejected promise reaches next.
    return this.register(key(method, path), chain(handlers));
  }

  private register(k: OperationKey, handler: RequestHandler): this {
    if (this.handlers.has(k)) throw new Error(`${k} has two routes`);
    this.handlers.set(k, handler);
    return this;
  }
}

export function key(method: string, path: string): OperationKey {
  return `${method.toUpperCase()} ${path}`;
}

export function routes(): RouteTable {
  return new RouteTable();
}
