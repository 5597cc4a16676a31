import express, { type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import request from 'supertest';
import { rememberLiteralOperations } from './literal-operations.memo';
import { OPENAPI_PATH } from './openapi-path';
import { textFormats } from './text.formats';

/** The validator's own matching steps on openapi.yaml, its metadata step counted and remembered. */
function appWithMemo() {
  const steps = OpenApiValidator.middleware({
    apiSpec: OPENAPI_PATH,
    validateRequests: false,
    validateSecurity: false,
    fileUploader: false,
    formats: textFormats(),
  }) as unknown as RequestHandler[];
  const lookups: string[] = [];
  const metadata = steps.find((s) => s.name === 'metadataMiddleware') as RequestHandler;
  const counted: RequestHandler = (req, res, next) => {
    lookups.push(`${req.method} ${req.originalUrl}`);
    return metadata(req, res, next);
  };
  const app = express();
  app.use(steps.find((s) => s.name === 'pathParamsMiddleware') as RequestHandler, rememberLiteralOperations(counted));
  app.use((req, res) => {
    const { openapi } = req as unknown as { openapi?: { openApiRoute: string; pathParams: Record<string, string> } };
    res.json({ route: openapi?.openApiRoute ?? null, pathParams: openapi?.pathParams ?? null, params: req.params });
  });
  app.use(((err, _req, res, _next) => res.status(err.status ?? 500).json({ error: err.message })) as express.ErrorRequestHandler);
  return { app, lookups };
}

describe('rememberLiteralOperations', () => {
  it('when a literal operation is requested again, then it is matched from memory, with the same operation', async () => {
    const { app, lookups } = appWithMemo();
    const first = await request(app).post('/api/v1/events').send({});
    const again = await request(app).post('/api/v1/events?x=1').send({});
    expect(first.body).toEqual({ route: '/api/v1/events', pathParams: {}, params: {} });
    expect(again.body).toEqual(first.body);
    expect(lookups).toEqual(['POST /api/v1/events']);
  });

  it('when the same path is requested with another method, then that operation is looked up on its own', async () => {
    const { app, lookups } = appWithMemo();
    await request(app).post('/api/v1/events').send({});
    const list = await request(app).get('/api/v1/events');
    expect(list.body.route).toBe('/api/v1/events');
    expect(lookups).toEqual(['POST /api/v1/events', 'GET /api/v1/events']);
  });

  it('when a route has path parameters, then every request is looked up and gets its own parameters', async () => {
    const { app, lookups } = appWithMemo();
    const a = await request(app).get('/api/v1/events/11111111-1111-4111-8111-111111111111');
    const b = await request(app).get('/api/v1/events/22222222-2222-4222-8222-222222222222');
    expect(a.body.pathParams).toEqual({ id: '11111111-1111-4111-8111-111111111111' });
    expect(b.body.pathParams).toEqual({ id: '22222222-2222-4222-8222-222222222222' });
    expect(lookups).toHaveLength(2);
  });

  it('when a literal path is spelled otherwise than documented, then it is matched every time and never remembered', async () => {
    const { app, lookups } = appWithMemo();
    for (const path of ['/api/v1/events/', '/API/V1/EVENTS', '/api/v1/events/', '/API/V1/EVENTS']) {
      expect((await request(app).post(path).send({})).body.route).toBe('/api/v1/events');
    }
    expect(lookups).toHaveLength(4);
  });

  it('when a path matches no operation, then it is answered by the validator each time', async () => {
    const { app, lookups } = appWithMemo();
    expect((await request(app).post('/api/v1/nothing-here').send({})).status).toBe(404);
    expect((await request(app).post('/api/v1/nothing-here').send({})).status).toBe(404);
    expect(lookups).toHaveLength(2);
  });
});
