import type { NextFunction, Request, Response } from 'express';
import { join } from 'node:path';
import { documentedOperations } from './openapi-operations';
import { expressTemplate, routes } from './route-table';

/** A request as the validator leaves it: the operation it matched and the path parameters it decoded. */
function matched(method: string, expressRoute: string | undefined, pathParams: Record<string, string> = {}): Request {
  return { method, params: {}, openapi: expressRoute === undefined ? undefined : { expressRoute, pathParams } } as unknown as Request;
}

/** Dispatches and resolves with what reached the app's next (the 404, or the error handler). */
function dispatch(table: ReturnType<typeof routes>, req: Request): Promise<unknown[]> {
  return new Promise((resolve) => {
    table.dispatcher('/api/v1')(req, {} as Response, ((...args: unknown[]) => resolve(args)) as NextFunction);
  });
}

describe('RouteTable', () => {
  it("runs the route of the operation the validator matched, with the validator's path parameters", async () => {
    const seen: string[] = [];
    const table = routes()
      .get('/events/:id', (req, _res, next) => {
        seen.push(`get ${req.params.id}`);
        next();
      })
      .post('/events', (_req, _res, next) => {
        seen.push('post');
        next();
      });
    await dispatch(table, matched('GET', '/api/v1/events/:id', { id: 'e-1' }));
    await dispatch(table, matched('POST', '/api/v1/events'));
    expect(seen).toEqual(['get e-1', 'post']);
  });

  it('hands on to the 404 when the validator matched nothing, or an operation no route serves', async () => {
    const never = jest.fn();
    const table = routes().get('/events', never);
    expect(await dispatch(table, matched('GET', undefined))).toEqual([]);
    expect(await dispatch(table, matched('DELETE', '/api/v1/events'))).toEqual([]);
    expect(await dispatch(table, matched('GET', '/other/events'))).toEqual([]);
    expect(never).not.toHaveBeenCalled();
  });

  it("passes a route's thrown error or rejected promise to the error handler", async () => {
    const failure = new Error('refused');
    const table = routes()
      .get('/a', () => {
        throw failure;
      })
      .get('/b', async () => {
        await Promise.resolve();
        throw failure;
      });
    expect(await dispatch(table, matched('GET', '/api/v1/a'))).toEqual([failure]);
    expect(await dispatch(table, matched('GET', '/api/v1/b'))).toEqual([failure]);
  });

  it('refuses two routes for one operation, also across included tables', () => {
    const ok = jest.fn();
    expect(() => routes().get('/a', ok).get('/a', ok)).toThrow('GET /a has two routes');
    expect(() => routes().include(routes().post('/a', ok), routes().post('/a', ok))).toThrow('POST /a has two routes');
  });

  it('names routes openapi.yaml does not document and operations without a route, parameter names included', () => {
    const ok = jest.fn();
    const table = routes().get('/events/:eventId', ok).post('/events', ok);
    expect(() => table.assertMatches(['GET /events/:id', 'POST /events'])).toThrow(
      'routes openapi.yaml does not document: GET /events/:eventId; documented operations without a route: GET /events/:id',
    );
    expect(() => routes().get('/events/:id', ok).post('/events', ok).assertMatches(['GET /events/:id', 'POST /events'])).not.toThrow();
  });

  it("reads openapi.yaml's operations as route keys", () => {
    expect(expressTemplate('/admin/system-accounts/{id}/credentials/{credential_id}')).toBe(
      '/admin/system-accounts/:id/credentials/:credential_id',
    );
    const operations = documentedOperations(join(__dirname, '..', '..', '..', '..', 'openapi.yaml'));
    expect(operations).toEqual(
      expect.arrayContaining(['POST /events', 'GET /events/:id', 'DELETE /admin/system-accounts/:id/credentials/:credential_id']),
    );
    expect(new Set(operations).size).toBe(operations.length);
  });
});
