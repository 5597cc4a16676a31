'use strict';
/**
 * Webhooks to consumers against webhooks to URLs, on one Herald stack in one run (issue 27: fan-out
 * to consumers keeps the benchmark's ratios). Two consumers are made through the API, one with 1
 * endpoint and one with 10, every endpoint pointing at the bench receiver (`?r=<i>`, each signing
 * with its own secret, which the receiver is given and checks). Then, in turn, bursts of events
 * with `fanout` webhook_url recipients and the same number of events naming the consumer with
 * `fanout` endpoints: the same deliveries, the same receiver, the same publishers. What differs is
 * Herald's work: fan-out loads the consumer's endpoints with the event and makes one notification
 * per endpoint, and the worker reads each one (no target in the message) with its endpoint's secret.
 *
 * Each kind first runs one unmeasured burst at each fan-out (BENCH_CONSUMER_WARMUP_EVENTS events,
 * a tenth at fan-out 10): the consumer path has code of its own to compile, and with
 * BENCH_SKIP_E2E the stack has had no warm-up at all.
 *
 * Knobs (env): BENCH_CONSUMER_F1_EVENTS [3000], BENCH_CONSUMER_F10_EVENTS [300],
 * BENCH_CONSUMER_ROUNDS [3] (median round, as the end-to-end bursts), BENCH_CONSUMER_WARMUP_EVENTS
 * [1000] (0 skips), BENCH_SKIP_CONSUMERS.
 */
const endToEnd = require('./end-to-end');
const { medianRound } = require('../lib/rounds');

const num = (env, name, def) => (env[name] !== undefined && env[name] !== '' ? Number(env[name]) : def);

async function api(ctx, method, path, body) {
  const res = await fetch(`${ctx.stack.apiUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-api-key': ctx.stack.apiKey },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** A consumer with `endpoints` endpoints at the receiver; resolves its uid and their secrets. */
async function aConsumer(ctx, endpoints) {
  const uid = `bench-${endpoints}-${Date.now()}`;
  await api(ctx, 'POST', '/consumers', { uid, name: `bench, ${endpoints} endpoints` });
  const secrets = [];
  for (let r = 0; r < endpoints; r++) {
    const created = await api(ctx, 'POST', `/consumers/${uid}/endpoints`, { url: `${ctx.receiverUrl}?r=${r}` });
    secrets.push(created.signing_secret);
  }
  return { uid, secrets };
}

const pick = (r) =>
  r.unavailable
    ? r
    : {
        recipients: r.recipients || 'webhook_url',
        events_accepted: r.events_accepted,
        deliveries_received: r.deliveries_received,
        deliveries_missing: r.deliveries_missing,
        duplicates: r.duplicates,
        bad_signatures: r.bad_signatures,
        deliveries_per_s: r.deliveries_per_s,
        publish_events_per_s: r.publish_events_per_s,
        latency_ms: r.latency_ms,
        stalled: r.stalled,
        rounds: r.rounds,
        cpu: r.cpu,
      };

const ratio = (a, b) => (a && b ? Math.round((a / b) * 100) / 100 : null);

async function run(ctx) {
  const { env, log } = ctx;
  if (env.BENCH_SKIP_CONSUMERS) return { available: false, reason: 'skipped (BENCH_SKIP_CONSUMERS)' };
  const rounds = Math.max(1, num(env, 'BENCH_CONSUMER_ROUNDS', 3));
  const plan = [
    [1, num(env, 'BENCH_CONSUMER_F1_EVENTS', 3000)],
    [10, num(env, 'BENCH_CONSUMER_F10_EVENTS', 300)],
  ].filter(([, events]) => events > 0);
  const consumers = {};
  for (const [fanout] of plan) consumers[fanout] = await aConsumer(ctx, fanout);
  ctx.receiver.proc.send({ cmd: 'secrets', secrets: Object.values(consumers).flatMap((c) => c.secrets) });
  await ctx.receiver.message((m) => m.cmd === 'secrets', 5000);
  log(`${ctx.stack.name}: consumers with ${plan.map(([f]) => f).join(' and ')} endpoints at the receiver`);

  const warmup = num(env, 'BENCH_CONSUMER_WARMUP_EVENTS', 1000);
  if (warmup > 0) {
    for (const [fanout] of plan) {
      for (const consumer of [null, consumers[fanout].uid]) {
        const events = fanout === 1 ? warmup : Math.ceil(warmup / 10);
        const w = await endToEnd.run(ctx, { mode: 'burst', fanout, events, concurrency: ctx.concurrency, warmup: true, consumer });
        if (w.deliveries_missing || w.duplicates || w.bad_signatures) log(`${ctx.stack.name}: consumer warm-up lost or doubled deliveries`);
      }
    }
  }

  const out = { available: true, rounds, warmup_events: warmup, fanouts: [] };
  for (const [fanout, events] of plan) {
    const byKind = { webhook_url: [], consumer: [] };
    for (let i = 1; i <= rounds; i++) {
      // Alternated, so neither kind always runs on a warmer (or more loaded) stack.
      const order = i % 2 ? ['webhook_url', 'consumer'] : ['consumer', 'webhook_url'];
      for (const kind of order) {
        const consumer = kind === 'consumer' ? consumers[fanout].uid : null;
        byKind[kind].push(
          await endToEnd
            .run(ctx, { mode: 'burst', fanout, events, concurrency: ctx.concurrency, round: rounds > 1 ? i : null, consumer })
            .catch((err) => ({ fanout, unavailable: err.message })),
        );
      }
    }
    const url = medianRound(byKind.webhook_url);
    const consumer = medianRound(byKind.consumer);
    out.fanouts.push({
      fanout,
      events,
      webhook_url: pick(url),
      consumer: pick(consumer),
      throughput_ratio: ratio(consumer.deliveries_per_s, url.deliveries_per_s),
      p99_ratio: ratio(consumer.latency_ms && consumer.latency_ms.p99, url.latency_ms && url.latency_ms.p99),
    });
  }
  return out;
}

function report(r) {
  if (r.available === false) return [`consumers: UNAVAILABLE: ${r.reason}`];
  const lines = [`consumers (median of ${r.rounds} rounds): consumer endpoints against webhook_url recipients, same run`];
  for (const f of r.fanouts) {
    for (const kind of ['webhook_url', 'consumer']) {
      const x = f[kind];
      if (x.unavailable) {
        lines.push(`  fan-out ${f.fanout} ${kind}: UNAVAILABLE: ${x.unavailable.split('\n')[0]}`);
        continue;
      }
      const problems = x.deliveries_missing || x.duplicates || x.bad_signatures;
      lines.push(
        `  fan-out ${String(f.fanout).padStart(2)} ${kind.padEnd(11)}: ${x.deliveries_per_s} deliveries/s, p50 ${x.latency_ms.p50} ms, p99 ${x.latency_ms.p99} ms` +
          (problems ? `  MISSING ${x.deliveries_missing}, DUPLICATED ${x.duplicates}, BAD SIGNATURES ${x.bad_signatures}` : ''),
      );
    }
    lines.push(`  fan-out ${String(f.fanout).padStart(2)} consumer / url: throughput ${f.throughput_ratio}, p99 ${f.p99_ratio}`);
  }
  return lines;
}

module.exports = { run, report };
