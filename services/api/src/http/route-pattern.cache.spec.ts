import express from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { AddressInfo } from 'node:net';
import { cacheRoutePatterns, validatorsCompile, validatorsContextClass } from './route-pattern.cache';

describe('route pattern cache', () => {
  beforeAll(() => cacheRoutePatterns());

  it('is what the validator calls, and compiles a pattern once', () => {
    const compile = validatorsCompile();
    const first = compile('/api/v1/events/:id', { sensitive: false, strict: false }) as { regexp: RegExp };
    expect(compile('/api/v1/events/:id', { sensitive: false, strict: false })).toBe(first);
    expect(first.regexp.exec('/api/v1/events/abc')).not.toBeNull();
  });

  it('keeps patterns with other options apart', () => {
    const compile = validatorsCompile();
    const insensitive = compile('/Events', { sensitive: false }) as { regexp: RegExp };
    const sensitive = compile('/Events', { sensitive: true }) as { regexp: RegExp };
    const strict = compile('/Events', { sensitive: false, strict: true });
    const none = compile('/Events');
    expect(new Set([insensitive, sensitive, strict, none]).size).toBe(4);
    expect(insensitive.regexp.test('/events')).toBe(true);
    expect(sensitive.regexp.test('/events')).toBe(false);
    expect(compile('/Events', { sensitive: true })).toBe(sensitive);
    expect(compile('/Events')).toBe(none);
  });

  it('does not follow a change to an options object after its pattern was compiled', () => {
    const compile = validatorsCompile();
    const options = { sensitive: true };
    const sensitive = compile('/Mutated', options) as { regexp: RegExp };
    options.sensitive = false;
    const insensitive = compile('/Mutated', options) as { regexp: RegExp };
    expect(insensitive).not.toBe(sensitive);
    expect(insensitive.regexp.test('/mutated')).toBe(true);
  });

  it('patches once however often it is applied', () => {
    const compile = validatorsCompile();
    const Context = validatorsContextClass();
    const { routePair } = Context.prototype;
    cacheRoutePatterns();
    expect(validatorsCompile()).toBe(compile);
    expect(Context.prototype.routePair).toBe(routePair);
  });

  it('gives a context the same route map, literal routes first, and one frozen pair per route', () => {
    const routes = ['/v1/b/{id}', '/v1/a', '/v1/b'].map((openApiRoute) => ({
      basePath: '/v1',
      openApiRoute,
      expressRoute: openApiRoute.replace(/\{(\w+)\}/g, ':$1'),
      method: 'GET',
      pathParams: [],
    }));
    const paths = Object.fromEntries(routes.map((r) => [r.openApiRoute.slice(3), { get: { operationId: r.openApiRoute } }]));
    const context = new (validatorsContextClass())({ apiDoc: { paths }, basePaths: ['/v1'], routes, serial: 1 });
    expect(Object.keys(context.expressRouteMap)).toEqual(['/v1/a', '/v1/b', '/v1/b/:id']);
    expect(context.expressRouteMap['/v1/b/:id']).toBe(context.openApiRouteMap['/v1/b/{id}']);
    const pair = context.routePair('/v1/b/:id');
    expect(pair).toEqual({ expressRoute: '/v1/b/:id', openApiRoute: '/v1/b/{id}' });
    expect(context.routePair('/v1/b/:id')).toBe(pair);
    expect(Object.isFrozen(pair)).toBe(true);
    expect(context.routePair('/v1/b/{id}')).toBe(context.routePair('/v1/b/{id}'));
    expect(context.routePair('/v1/unknown')).toBeNull();
  });

  /**
   * Guards the shortcuts against an upgrade of the validator: requests still find their
   * operation, and the library really goes through the cached functions (every compile of a
   * route and every pair it asks for is the same object, request after request).
   */
  it('still routes requests through the validator, with one compiled pattern and one pair per route', async () => {
    const lib = require(require.resolve('path-to-regexp', { paths: [require.resolve('express-openapi-validator')] })) as {
      pathToRegexp: (...args: unknown[]) => unknown;
    };
    const Context = validatorsContextClass();
    const { routePair } = Context.prototype;
    const cached = lib.pathToRegexp;
    const compiled = new Map<string, unknown[]>();
    const pairs = new Map<string, unknown[]>();
    const record = (into: Map<string, unknown[]>, key: string, value: unknown) => into.set(key, [...(into.get(key) ?? []), value]);
    lib.pathToRegexp = (...args: unknown[]) => {
      const result = cached(...args);
      record(compiled, String(args[0]), result);
      return result;
    };
    Context.prototype.routePair = function (this: never, route: string) {
      const result = routePair.call(this, route);
      record(pairs, route, result);
      return result;
    };
    const ok = { '200': { description: 'ok' } };
    const apiSpec = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      servers: [{ url: '/v1' }],
      paths: {
        '/things': { get: { responses: ok }, post: { responses: ok } },
        '/things/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: ok } },
      },
    };
    const app = express();
    app.use(OpenApiValidator.middleware({ apiSpec: apiSpec as never, validateRequests: true, validateResponses: false }));
    app.get('/v1/things/:id', (req, res) => {
      res.json({ route: (req as unknown as { openapi: { openApiRoute: string } }).openapi.openApiRoute, id: req.params.id });
    });
    app.get('/v1/things', (_req, res) => {
      res.json({ route: 'list' });
    });
    app.use(
      (
        err: { status?: number; headers?: Record<string, string> },
        _req: express.Request,
        res: express.Response,
        _next: express.NextFunction,
      ) => {
        res
          .status(err.status ?? 500)
          .set(err.headers ?? {})
          .json({});
      },
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (let i = 0; i < 3; i++) {
        expect(await (await fetch(`${base}/v1/things/a%20b`)).json()).toEqual({ route: '/v1/things/{id}', id: 'a b' });
        expect(await (await fetch(`${base}/v1/things`)).json()).toEqual({ route: 'list' });
        const wrongMethod = await fetch(`${base}/v1/things/x`, { method: 'DELETE' });
        expect(wrongMethod.status).toBe(405);
        expect(wrongMethod.headers.get('allow')).toBe('GET');
        expect((await fetch(`${base}/v1/nothing`)).status).toBe(404);
      }
      for (const seen of [compiled, pairs]) {
        expect([...seen.keys()].sort()).toEqual(['/v1/things', '/v1/things/:id']);
        for (const results of seen.values()) {
          expect(results.length).toBeGreaterThanOrEqual(3);
          expect(new Set(results).size).toBe(1);
        }
      }
    } finally {
      lib.pathToRegexp = cached;
      Context.prototype.routePair = routePair;
      server.close();
    }
  });
});
