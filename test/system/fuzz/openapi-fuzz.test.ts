import { createLogger } from '@herald/logger';
import { startWebhookWorker } from '../../../services/webhook-worker/src/app';
import { DnsServer } from '../../support/dns-server';
import { fuzzOperation, describeFindings, type Finding } from '../../support/fuzz/operation.fuzzer';
import { seedProject, startRefusingTarget, worldOf } from '../../support/fuzz/fuzz-world';
import { loadOperations, type Operation } from '../../support/fuzz/openapi-operations';
import { PLANE_IDS_BY_NAME, PLANE_STAND_INS, PRINCIPALS, seedPlaneWorld, type PlaneWorld } from '../../support/fuzz/plane-world';
import type { FuzzWorld } from '../../support/fuzz/schema.arbitrary';
import { aProject } from '../../support/projects';
import { useSystem } from '../../support/system-fixture';

/**
 * Property-based fuzz of every operation in openapi.yaml against the real api and fan-out (and a
 * webhook worker, so dead letters exist): never a 5xx, no stall, every 4xx documented with its
 * documented body shape, 401 before anything else without a valid credential, and /health still
 * answers. The control and admin planes are fuzzed signed in, once per principal (an owner, a
 * developer, an administrator and a system account holding every permission) against a seeded
 * world, and must let some requests past authentication. `npm test` runs a fixed seed and few
 * runs; `npm run fuzz` (FUZZ_RUNS, FUZZ_SEED; FUZZ_PRINCIPAL_RUNS, FUZZ_RUNS unless set) more.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
// Per principal, so a bearer operation gets four times this many requests.
const PRINCIPAL_RUNS = Number(process.env.FUZZ_PRINCIPAL_RUNS ?? process.env.FUZZ_RUNS ?? 15);
// From this helper's range (18600-18699), away from the ports a parallel fuzz branch uses (18653, 18699).
const DNS_PORT = 18627;
const operations = loadOperations();

const fx = useSystem({
  env: { WEBHOOK_DNS_SERVERS: `127.0.0.1:${DNS_PORT}`, WEBHOOK_DNS_TIMEOUT_MS: '500' },
  extra: [(c) => startWebhookWorker(c, createLogger('webhook-worker', c.LOG_LEVEL))],
});
let dns: DnsServer;
let target: Awaited<ReturnType<typeof startRefusingTarget>>;
let world: FuzzWorld;
let planeIds: FuzzWorld;
let plane: PlaneWorld;
const findings: Finding[] = [];
const summary: string[] = [];

beforeAll(async () => {
  dns = await DnsServer.start(DNS_PORT, { 'hook.fuzz.invalid': '127.0.0.1' }, ['silent.fuzz.invalid']);
  target = await startRefusingTarget();
  const origin = fx.system.api.baseUrl.replace(/\/api\/v1$/, '');
  const other = await aProject(fx.system.api.db, fx.config);
  const seeds = await Promise.all([fx.key, other.api_key].map((key) => seedProject(origin, key, fx.system.api.db, target.url)));
  world = worldOf(seeds, target.url);
  planeIds = { ...world, ids: [...world.ids, ...PLANE_STAND_INS], idsByName: PLANE_IDS_BY_NAME };
  process.stdout.write(
    `openapi fuzz: seed ${SEED}, ${RUNS} runs per project-plane operation, ${PRINCIPAL_RUNS} per principal on the others, ${operations.length} operations\n`,
  );
}, 60_000);
afterAll(async () => {
  await target?.stop();
  await dns?.stop();
  process.stdout.write(`openapi fuzz statuses per operation:\n${summary.join('\n')}\n`);
  if (findings.length) process.stdout.write(`openapi fuzz findings (seed ${SEED}):\n${describeFindings(findings)}\n`);
});

const health = () => fx.http().get('/api/v1/health');

const renewPlane = async () => {
  plane = await seedPlaneWorld(fx.system.api.db, fx.config);
};

/** Project-plane operations once with the key; bearer operations once per principal, each in a world of its own. */
async function fuzzAsEveryone(op: Operation, index: number): Promise<{ found: Finding[]; line: string; pastAuth: number }> {
  const target = { baseUrl: fx.system.api.baseUrl, key: fx.key, plane: { current: () => plane, renew: renewPlane } };
  if (!op.bearer) {
    const { findings: found, statuses } = await fuzzOperation(op, world, target, { seed: SEED + index, numRuns: RUNS });
    return { found, line: JSON.stringify(statuses), pastAuth: 0 };
  }
  const found: Finding[] = [];
  const parts: string[] = [];
  let pastAuth = 0;
  for (const [p, principal] of PRINCIPALS.entries()) {
    await renewPlane();
    const run = await fuzzOperation(op, planeIds, target, {
      seed: SEED + index + 1000 * (p + 1),
      numRuns: PRINCIPAL_RUNS,
      credential: principal,
    });
    found.push(...run.findings);
    pastAuth += run.pastAuthentication;
    parts.push(`${principal} ${JSON.stringify(run.statuses)}`);
  }
  return { found, line: `${pastAuth} past authentication; ${parts.join('; ')}`, pastAuth };
}

describe.each(operations.map((op, index) => ({ op, index, name: `${op.method.toUpperCase()} ${op.path}` })))('$name', ({ op, index }) => {
  it(
    'when it gets generated valid, mutated and garbage requests, then no 5xx, every 4xx is documented with its shape, and /health still answers',
    async () => {
      const { found, line, pastAuth } = await fuzzAsEveryone(op, index);
      findings.push(...found);
      summary.push(`${op.operationId}: ${line}`);
      const unexpected = found.filter((f) => !f.knownUntil);
      expect(describeFindings(unexpected)).toBe('');
      if (op.bearer && pastAuth === 0)
        throw new Error(
          `the fuzz never got past authentication on ${op.operationId}: no signed-in request was answered other than 401, or 404, 405, 431 before it`,
        );
      const after = await health();
      expect(after.status).toBe(200);
      expect(after.body.status).toBe('healthy');
    },
    30_000 + Math.max(RUNS, PRINCIPAL_RUNS * PRINCIPALS.length) * 2_000,
  );
});
