import { createLogger } from '@herald/logger';
import { startWebhookWorker } from '../../services/webhook-worker/src/app';
import { DnsServer } from '../support/dns-server';
import { fuzzOperation, describeFindings, type Finding } from '../support/fuzz/operation.fuzzer';
import { seedProject, startRefusingTarget, worldOf } from '../support/fuzz/fuzz-world';
import { loadOperations } from '../support/fuzz/openapi-operations';
import { NOTE_RULES } from '../support/fuzz/response.checks';
import type { FuzzWorld } from '../support/fuzz/schema.arbitrary';
import { aProject } from '../support/projects';
import { useSystem } from '../support/system-fixture';

/**
 * Property-based fuzz of every operation in openapi.yaml against the real api and fan-out (and a
 * webhook worker, so dead letters exist): never a 5xx, no stall, every 4xx documented with its
 * documented body shape, 401 before anything else without a valid key, and /health still
 * answers. `npm test` runs a fixed seed and few runs; `npm run fuzz` (FUZZ_RUNS, FUZZ_SEED) more.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
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
const findings: Finding[] = [];
const summary: string[] = [];

beforeAll(async () => {
  dns = await DnsServer.start(DNS_PORT, { 'hook.fuzz.invalid': '127.0.0.1' }, ['silent.fuzz.invalid']);
  target = await startRefusingTarget();
  const origin = fx.system.api.baseUrl.replace(/\/api\/v1$/, '');
  const other = await aProject(fx.system.api.db, fx.config);
  const seeds = await Promise.all([fx.key, other.api_key].map((key) => seedProject(origin, key, fx.system.api.db, target.url)));
  world = worldOf(seeds, target.url);
  process.stdout.write(`openapi fuzz: seed ${SEED}, ${RUNS} runs per operation, ${operations.length} operations\n`);
}, 60_000);
afterAll(async () => {
  await target?.stop();
  await dns?.stop();
  process.stdout.write(`openapi fuzz statuses per operation:\n${summary.join('\n')}\n`);
  if (findings.length) process.stdout.write(`openapi fuzz findings (seed ${SEED}):\n${describeFindings(findings)}\n`);
});

const health = () => fx.http().get('/api/v1/health');

describe.each(operations.map((op, index) => ({ op, index, name: `${op.method.toUpperCase()} ${op.path}` })))('$name', ({ op, index }) => {
  it(
    'when it gets generated valid, mutated and garbage requests, then no 5xx, every 4xx is documented with its shape, and /health still answers',
    async () => {
      const { findings: found, statuses } = await fuzzOperation(
        op,
        world,
        { baseUrl: fx.system.api.baseUrl, key: fx.key },
        { seed: SEED + index, numRuns: RUNS },
      );
      findings.push(...found);
      summary.push(`${op.operationId}: ${JSON.stringify(statuses)}`);
      const unexpected = found.filter((f) => !f.knownUntil && !NOTE_RULES.includes(f.rule));
      expect(describeFindings(unexpected)).toBe('');
      const after = await health();
      expect(after.status).toBe(200);
      expect(after.body.status).toBe('healthy');
    },
    30_000 + RUNS * 2_000,
  );
});
