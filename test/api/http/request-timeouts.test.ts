import { connect } from 'node:net';
import { useSystem } from '../../support/system-fixture';

// Short limits so each case takes seconds; the defaults (20 s, 120 s) are the same code path.
const f = useSystem({ env: { HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '2500' } });

interface Exchange {
  status: number;
  body: unknown;
  /** Bytes of the request the client had written when the server closed the connection. */
  bytesWritten: number;
  /** Whether the server closed the connection (the call ends only then, or when the test times out). */
  closed: true;
}

/**
 * A client on a raw socket that writes `head` and then one byte of `trickle` every `paceMs`,
 * never more, reading whatever the server sends until it closes the connection.
 */
function trickle(port: number, head: string, body: string, paceMs: number): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    let bytesWritten = 0;
    let timer: NodeJS.Timeout | undefined;
    const writeNext = () => {
      if (bytesWritten >= body.length || socket.destroyed) return;
      socket.write(body[bytesWritten]);
      bytesWritten += 1;
      timer = setTimeout(writeNext, paceMs);
    };
    socket.on('data', (part: Buffer) => (received += part.toString('utf8')));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const end = received.indexOf('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({ status, body: end < 0 ? undefined : JSON.parse(received.slice(end + 4) || 'null'), bytesWritten, closed: true });
    });
    socket.write(head);
    writeNext();
  });
}

const port = () => f.system.api.port;
const anEvent = JSON.stringify({
  event_type: 'slow.client',
  recipients: [{ channels: ['email'], email: 'slow@example.com' }],
  inline: { subject: 'hi', text: 'hello' },
});

describe('a client has a time limit to send its request', () => {
  it('when the headers trickle in one byte every 200 ms, then 408 naming both limits, and the connection closes', async () => {
    const answer = await trickle(port(), '', `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`, 200);
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual({
      detail: 'request not received in time: headers within 1000 ms, the whole request within 2500 ms',
    });
    expect(answer.bytesWritten).toBeLessThan(40);
  });

  it('when a keyed event body stops arriving halfway, then 408, no event is stored, and the api serves others', async () => {
    const head =
      `POST /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `X-API-Key: ${f.key}\r\nContent-Length: ${anEvent.length}\r\n\r\n`;
    const half = anEvent.slice(0, anEvent.length / 2);
    // The head and half the body at once, then nothing.
    const answer = await trickle(port(), head + half, '', 0);
    expect(answer.status).toBe(408);
    const { rows } = await f.system.api.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE event_type = 'slow.client'`);
    expect(rows[0].n).toBe(0);
    expect((await f.http().get('/api/v1/health')).status).toBe(200);
  });

  it('when a keyed body keeps arriving, one byte every 100 ms, past the whole-request limit, then 408 all the same', async () => {
    const head =
      `POST /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `X-API-Key: ${f.key}\r\nContent-Length: ${anEvent.length}\r\n\r\n`;
    const answer = await trickle(port(), head, anEvent, 100);
    expect(answer.status).toBe(408);
    // Never idle longer than 100 ms, so only the whole-request limit (2.5 s, ~25 bytes) ends it.
    expect(answer.bytesWritten).toBeGreaterThan(10);
    expect(answer.bytesWritten).toBeLessThan(anEvent.length);
  });

  it('when a kept-alive connection idles between requests longer than the header limit, then its next request is served', async () => {
    const request = 'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    const socket = connect({ host: '127.0.0.1', port: port() });
    let received = '';
    socket.on('data', (part: Buffer) => (received += part.toString('utf8')));
    const statuses = () => [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
    const until = async (n: number) => {
      while (statuses().length < n && !socket.destroyed) await new Promise((r) => setTimeout(r, 20));
    };
    try {
      socket.write(request);
      await until(1);
      await new Promise((r) => setTimeout(r, 1_600));
      socket.write(request);
      await until(2);
    } finally {
      socket.destroy();
    }
    expect(statuses()).toEqual([200, 200]);
  });
});
