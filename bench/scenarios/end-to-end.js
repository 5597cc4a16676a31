'use strict';
/**
 * One end-to-end run against a stack: bench/lib/publish.js POSTs `events` events of `fanout` webhook
 * recipients each; bench/lib/receiver.js times every delivery and checks its signature.
 * `warmup`: an unmeasured run of its own name (its result is only checked for losses).
 * mode 'burst': POST as fast as the stack accepts with `concurrency` in flight (throughput; its
 * latency is mostly time queued behind the burst); 'steady' is a burst long enough to be mostly
 * the rate the pipeline holds rather than its filling and draining. mode 'paced': open-loop at `ratePerSec`
 * events/s, well under capacity (latency through an idle pipeline).
 */
const path = require('node:path');
const { percentiles, round, sleep } = require('../lib/stats');
const { cpuSample, pgWaitSampler, statementStats } = require('../lib/sampling');

const PUBLISH = path.join(__dirname, '..', 'lib', 'publish.js');

/**
 * Waits until the receiver has `expected()` deliveries of `run`, or nothing came for `stallMs`.
 * With `atLeast`, it also stops once that many arrived and nothing more came for `settleMs`
 * (when the exact count is unknown: requests cut off by the load generator may have been accepted).
 */
async function awaitDeliveries(ctx, run, expected, { stallMs = 20_000, atLeast = null, settleMs = 3000 } = {}) {
  let received = 0;
  let lastProgress = Date.now();
  for (;;) {
    await sleep(200);
    const crashed = ctx.stack.processes.find((p) => !p.alive);
    if (crashed) return { received, stalled: crashed.describeExit() };
    ctx.receiver.proc.send({ cmd: 'count', run });
    const { received: n } = await ctx.receiver.message((m) => m.cmd === 'count' && m.run === run, 5000);
    if (n > received) {
      received = n;
      lastProgress = Date.now();
    }
    const want = expected();
    if (want !== null && received >= want) return { received, stalled: null };
    if (atLeast !== null && received >= atLeast && Date.now() - lastProgress > settleMs) return { received, stalled: null };
    if (Date.now() - lastProgress > stallMs) return { received, stalled: `no delivery for ${stallMs / 1000} s after ${received}` };
  }
}

async function collect(receiver, run) {
  receiver.proc.send({ cmd: 'collect', run });
  return receiver.message((m) => m.cmd === 'collected' && m.run === run, 30_000);
}

/**
 * `consumer`: the events name that consumer (its uid) instead of `fanout` webhook URLs; it has
 * `fanout` endpoints pointing at the receiver (bench/scenarios/consumers.js).
 */
async function run(ctx, { mode, fanout, events, ratePerSec, concurrency, warmup = false, round: roundNo = null, consumer = null }) {
  const { stack, receiver, receiverUrl, roles, pg, tag, log, Child, env } = ctx;
  const runId = `${tag}-${stack.name}-${mode}-f${fanout}${consumer ? '-consumer' : ''}${warmup ? '-warmup' : ''}${roundNo ? `-r${roundNo}` : ''}`;
  const expected = events * fanout;
  log(
    `${stack.name}: ${mode}, fan-out ${fanout}${consumer ? ' (consumer endpoints)' : ''}: ${events} events${ratePerSec ? ` at ${ratePerSec}/s` : ''} -> ${expected} deliveries${roundNo ? `, round ${roundNo}` : ''}`,
  );
  const endCpu = cpuSample(roles);
  const endWaits = pgWaitSampler(pg);
  const statements = await statementStats(pg);
  const pub = new Child(
    `publish-${stack.name}-${mode}-f${fanout}`,
    PUBLISH,
    [
      JSON.stringify({
        url: stack.eventsUrl,
        apiKey: stack.apiKey,
        receiverUrl,
        run: runId,
        events,
        fanout,
        concurrency,
        ratePerSec,
        consumer,
      }),
    ],
    env,
    { ipc: true },
  );
  ctx.setRole('publisher', pub);
  let published = null;
  const publishDone = pub.message((m) => m && m.result, 300_000).then((m) => (published = m.result));
  publishDone.catch(() => undefined);
  const waited = await awaitDeliveries(ctx, runId, () =>
    published ? published.posts.filter((p) => p[2] === 202).length * fanout : pub.alive ? null : 0,
  );
  const cpu = endCpu();
  const pgWaits = await endWaits();
  await publishDone;
  const stmt = statements.read ? await statements.read(waited.received) : statements;
  const { posts, startedMs, finishedMs } = published;
  if (pub.alive) pub.proc.disconnect();
  await pub.exited;
  ctx.setRole('publisher', null);
  const got = await collect(receiver, runId);

  const accepted = posts.filter((p) => p[2] === 202).length;
  const postAt = new Map(posts.map((p) => [p[0], p[1]]));
  const latencies = [];
  const bySeq = [];
  let first = Infinity;
  let last = -Infinity;
  for (const [seq, , t] of got.arrivals) {
    const t0 = postAt.get(seq);
    if (t0 !== undefined) {
      latencies.push(t - t0);
      bySeq.push([seq, t - t0]);
    }
    if (t < first) first = t;
    if (t > last) last = t;
  }
  const arrivals = got.arrivals.length;
  const windowSec = arrivals > 1 ? (last - first) / 1000 : null;
  const statusCounts = {};
  for (const p of posts) statusCounts[p[2]] = (statusCounts[p[2]] || 0) + 1;
  return {
    stack: stack.name,
    mode,
    fanout,
    ...(consumer ? { recipients: 'consumer' } : {}),
    events,
    concurrency,
    offered_events_per_s: ratePerSec || null,
    events_accepted: accepted,
    post_statuses: statusCounts,
    publish_events_per_s: Math.round(accepted / ((finishedMs - startedMs) / 1000)),
    post_latency_ms: percentiles(posts.filter((p) => p[2] === 202).map((p) => p[4])),
    deliveries_expected: accepted * fanout,
    deliveries_received: arrivals,
    deliveries_missing: accepted * fanout - arrivals,
    duplicates: got.duplicates,
    bad_signatures: got.bad_signatures + got.missing_signatures,
    bad_bodies: got.bad_bodies,
    // From the first POST, so a slow start counts against the stack.
    deliveries_per_s: arrivals ? Math.round(arrivals / ((last - startedMs) / 1000)) : null,
    delivery_window_s: round(windowSec, 2),
    latency_ms: percentiles(latencies),
    // p50 latency of each tenth of the events in publish order: a rising series means a queue grew.
    latency_p50_ms_by_tenth: Array.from({ length: 10 }, (_, i) => {
      const lo = Math.floor((i * events) / 10);
      const hi = Math.floor(((i + 1) * events) / 10);
      return percentiles(bySeq.filter(([seq]) => seq >= lo && seq < hi).map(([, l]) => l)).p50;
    }),
    stalled: waited.stalled,
    cpu,
    pg: pgWaits,
    statements: stmt,
  };
}

module.exports = { run, awaitDeliveries, collect };
