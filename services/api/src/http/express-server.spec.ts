import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { expressServer } from './express-server';

/** A real server and real requests: what Express gives a route must not change, only how it is built. */
describe('expressServer', () => {
  let server: Server;
  let arrivedWithExpressMethods: boolean[] = [];

  beforeAll(async () => {
    const app = express();
    app.set('trust proxy', 'loopback');
    app.use(express.json());
    app.post('/things/:id', (req, res) => {
      res
        .status(201)
        .set('x-seen', req.get('x-probe') ?? '')
        .json({ id: req.params.id, path: req.path, protocol: req.protocol, body: req.body as unknown });
    });
    app.use((_req, res) => void res.status(404).json({ detail: 'not found' }));
    server = expressServer(app, { headersMs: 20_000, requestMs: 120_000 });
    // Ahead of Express: what node created, before app.handle sees it.
    server.prependListener('request', (req) => arrivedWithExpressMethods.push(typeof (req as express.Request).get === 'function'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => (arrivedWithExpressMethods = []));

  const url = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;

  it('serves routes with every request and response helper Express gives them', async () => {
    const res = await fetch(url('/things/42?x=1'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-probe': 'yes', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ a: [1, 2] }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-seen')).toBe('yes');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ id: '42', path: '/things/42', protocol: 'https', body: { a: [1, 2] } });
  });

  it('hands Express requests that already are its own, on every request of a kept-alive connection', async () => {
    for (const path of ['/things/1', '/nowhere', '/things/2']) await (await fetch(url(path), { method: 'POST' })).arrayBuffer();
    expect(arrivedWithExpressMethods).toEqual([true, true, true]);
    expect((await fetch(url('/nowhere'))).status).toBe(404);
  });
});
