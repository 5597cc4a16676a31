import { Agent } from 'node:http';
import { connect } from 'node:net';
import { Client } from 'pg';
import { httpJson, OperationsEnv, serviceEntry, type HeraldProcess } from './herald-process';

/**
 * The compiled api (services/api/dist/main.js) stopped with SIGTERM the way an orchestrator
 * does during a rollout, while clients are still using it.
 */
let ops: OperationsEnv;
let key: string;

beforeAll(async () => {
  ops = new OperationsEnv({});
  key = (await ops.bootstrap()).api_key;
});
afterAll(() => ops.cleanup());

const anEvent = (n: number) => ({
  event_type: 'ops.drain',
  recipients: [{ channels: ['webhook'], webhook_url: 'http://127.0.0.1:9/drain' }],
  payload: { n },
  inline: { html: '<p>x</p>' },
});

async function startApi(port: number, overrides: Record<string, string>): Promise<HeraldProcess> {
  const api = ops.spawn(serviceEntry('api'), { PORT: String(port), ...overrides });
  await api.line(/"message":"api started"/);
  return api;
}

interface Attempt {
  /** The api had logged that it was stopping before this request was sent. */
  afterSignal: boolean;
  /** The process had exited before this request was sent. */
  afterExit: boolean;
  status?: number;
  connection?: string;
  error?: string;
}

async function countEvents(): Promise<number> {
  const client = new Client({ connectionString: ops.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE event_type = 'ops.drain'");
    return rows[0].n;
  } finally {
    await client.end();
  }
}

describe('api graceful drain', () => {
  it('when the api gets SIGTERM under keep-alive load, then later responses say Connection: close, it exits, and every accepted event was answered', async () => {
    // A deadline far beyond the test's own timeout: the exit must come from the drain finishing.
    const api = await startApi(18540, { SHUTDOWN_TIMEOUT_MS: '600000' });
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const attempts: Attempt[] = [];
    let signalled = false;
    let seen = false;
    const signalSeen = () => (seen ||= api.stdout.some((l) => l.includes('stopping: finishing in-flight work')));
    /** Enough requests have been tried after the signal (and after the exit, if it came) to judge. */
    const done = () => attempts.filter((a) => a.afterExit).length >= 5 || attempts.filter((a) => a.afterSignal).length >= 300;

    const client = async () => {
      let n = 0;
      while (!done()) {
        const attempt: Attempt = { afterSignal: signalled && signalSeen(), afterExit: api.exit !== undefined };
        try {
          const res = await httpJson(`http://127.0.0.1:18540/api/v1/events`, { key, body: anEvent(n++), agent });
          Object.assign(attempt, { status: res.status, connection: res.headers.connection });
        } catch (err) {
          attempt.error = (err as NodeJS.ErrnoException).code ?? String(err);
          await new Promise((r) => setTimeout(r, 20)); // a refused connection fails at once: do not spin
        }
        attempts.push(attempt);
      }
    };
    const clients = Promise.all([client(), client(), client(), client()]);
    // Keep-alive traffic is flowing: the four sockets have answered a few requests each.
    while (attempts.filter((a) => a.status === 202).length < 40) await new Promise((r) => setTimeout(r, 20));
    signalled = true;
    api.child.kill('SIGTERM');
    await clients;
    agent.destroy();

    const afterSignal = attempts.filter((a) => a.afterSignal);
    const keptAlive = afterSignal.filter((a) => a.status !== undefined && a.connection !== 'close');
    expect(keptAlive.length).toBe(0);
    expect(await api.exited).toEqual({ code: 0, signal: null });
    expect(attempts.filter((a) => a.afterExit && a.status !== undefined)).toEqual([]);
    // Nothing was accepted that the client did not get a 202 for: in-flight requests were answered.
    const accepted = attempts.filter((a) => a.status === 202).length;
    expect(await countEvents()).toBe(accepted);
    expect(attempts.filter((a) => a.status !== undefined && a.status !== 202)).toEqual([]);
    process.stdout.write(
      `api drain under keep-alive load: ${accepted} accepted, ${attempts.filter((a) => a.connection === 'close').length} answered ` +
        `with Connection: close, ${afterSignal.filter((a) => a.error).length} refused or reset after the signal\n`,
    );
  });

  it('when a request hangs during the drain, then the api still exits at SHUTDOWN_TIMEOUT_MS with a line saying so', async () => {
    const api = await startApi(18541, { SHUTDOWN_TIMEOUT_MS: '1000' });
    // A client that sends headers and part of its body, then goes silent: the request stays in flight.
    const socket = connect(18541, '127.0.0.1');
    socket.write(
      `POST /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\n` +
        'Content-Length: 1000\r\nExpect: 100-continue\r\n\r\n',
    );
    // The server parsed the headers (it answers 100 Continue) before we stall it.
    await new Promise<void>((resolve) =>
      socket.once('data', (chunk) => (chunk.toString().startsWith('HTTP/1.1 100') ? resolve() : undefined)),
    );
    socket.write('{"event_type":');

    api.child.kill('SIGTERM');
    expect(await api.exited).toEqual({ code: 1, signal: null });
    socket.destroy();
    expect(api.stdout).toContainEqual(expect.stringMatching(/"message":"stop deadline passed: exiting with work still in flight"/));
  });
});
