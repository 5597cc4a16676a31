import { createServer, request, Agent, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Request, Response } from 'express';
import { capDiscardAfterEarlyAnswer } from './early-answer';

/**
 * A real server answering before it reads the body, and a client that sends the body's second
 * half only after the answer, on one keep-alive connection: what a client hammering with
 * refused uploads does.
 */
describe('capDiscardAfterEarlyAnswer', () => {
  let server: Server;
  let serverSocket: Socket | undefined;

  beforeAll(async () => {
    server = createServer((req, res) => {
      serverSocket = req.socket;
      capDiscardAfterEarlyAnswer(req as Request, res as unknown as Response);
      res.writeHead(401, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function refusedUpload(agent: Agent): Promise<number> {
    const { port } = server.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/events', agent, headers: { 'content-length': 8 } }, (res) => {
        res.resume();
        // The rest of the body after the answer: the server discards it and keeps the connection.
        req.end('5678');
        res.on('end', () => setImmediate(() => resolve(res.statusCode ?? 0)));
      });
      req.on('error', reject);
      req.write('1234');
    });
  }

  it('keeps a kept-alive connection usable and adds no listener per refused request that outlives it', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let n = 0; n < 15; n++) expect(await refusedUpload(agent)).toBe(401);
      expect(serverSocket).toBeDefined();
      // One connection served all fifteen, and none of them left a 'close' listener behind.
      expect(serverSocket!.listenerCount('close')).toBeLessThan(5);
    } finally {
      agent.destroy();
    }
  });
});
