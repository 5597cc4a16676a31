import { createServer, request, Agent, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Request, Response } from 'express';
import { capDiscardAfterEarlyAnswer, type DiscardLimits } from './early-answer';

/**
 * A real server answering before it reads the body, and a client that sends the body's second
 * half only after the answer, on one keep-alive connection: what a client hammering with
 * refused uploads does.
 */
describe('capDiscardAfterEarlyAnswer', () => {
  let server: Server;
  let serverSocket: Socket | undefined;
  let limits: DiscardLimits | undefined;

  beforeAll(async () => {
    server = createServer((req, res) => {
      serverSocket = req.socket;
      capDiscardAfterEarlyAnswer(req as Request, res as unknown as Response, limits);
      res.writeHead(401, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => {
    limits = undefined;
  });

  /**
   * One raw connection declaring `declared` body bytes, writing `chunk` bytes every `paceMs` until
   * all are written or the server cuts it off; resolves, once the connection has closed, with the
   * answer's status line and how many body bytes went out.
   */
  function uploadOnOneConnection(declared: number, chunk: number, paceMs: number): Promise<{ status: string; written: number }> {
    const { port } = server.address() as AddressInfo;
    return new Promise((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      let status = '';
      let written = 0;
      socket.on('data', (part: Buffer) => (status ||= part.toString('latin1').split('\r\n')[0]));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ status, written }));
      socket.write(`POST /events HTTP/1.1\r\nHost: x\r\nContent-Length: ${declared}\r\n\r\n`);
      const next = () => {
        if (socket.destroyed) return;
        if (written >= declared) {
          socket.end();
          return;
        }
        written += chunk;
        socket.write(Buffer.alloc(chunk, 0x20), () => setTimeout(next, paceMs));
      };
      next();
    });
  }

  it('reads a body that keeps arriving to its end, however long past the idle limit it takes', async () => {
    limits = { maxBytes: 1024 * 1024, idleMs: 300, maxMs: 60_000 };
    // Twelve chunks 100 ms apart: 1.2 s in all, never idle for 300 ms.
    const upload = await uploadOnOneConnection(12 * 1024, 1024, 100);
    expect(upload).toEqual({ status: 'HTTP/1.1 401 Unauthorized', written: 12 * 1024 });
  });

  it('drops a connection whose body goes past the byte limit', async () => {
    limits = { maxBytes: 1024 * 1024, idleMs: 30_000, maxMs: 60_000 };
    const declared = 512 * 1024 * 1024;
    const upload = await uploadOnOneConnection(declared, 64 * 1024, 0);
    expect(upload.status).toBe('HTTP/1.1 401 Unauthorized');
    expect(upload.written).toBeLessThan(declared);
  });

  it('drops a connection whose body stops arriving', async () => {
    limits = { maxBytes: 1024 * 1024, idleMs: 300, maxMs: 60_000 };
    const { port } = server.address() as AddressInfo;
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('error', () => undefined);
    socket.resume();
    socket.write('POST /events HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n1234');
    const closed = await new Promise<boolean>((resolve) => {
      socket.on('close', () => resolve(true));
      setTimeout(() => resolve(false), 5_000).unref();
    });
    socket.destroy();
    expect(closed).toBe(true);
  });

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
