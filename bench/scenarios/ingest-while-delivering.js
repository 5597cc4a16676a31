'use strict';
/**
 * Ingest as users run it: autocannon (its own process) POSTs events of one webhook recipient at
 * `connections` connections while fan-out and the worker deliver them. Reports accepted/s and
 * POST latency over the measured window, the deliveries that reached the receiver meanwhile,
 * and how long the backlog then took to drain (every accepted event must arrive).
 */
const path = require('node:path');
const { now, round } = require('../lib/stats');
const { cpuSample, pgWaitSampler, statementStats } = require('../lib/sampling');
const { awaitDeliveries, collect } = require('./end-to-end');

const LOAD = path.join(__dirname, '..', 'lib', 'load.js');

async function count(receiver, run) {
  receiver.proc.send({ cmd: 'count', run });
  return (await receiver.message((m) => m.cmd === 'count' && m.run === run, 5000)).received;
}

async function run(ctx, { connections, durationSec, warmupSec }) {
  const { stack, receiver, receiverUrl, roles, pg, tag, log, Child, env } = ctx;
  const runId = `${tag}-${stack.name}-ingest-c${connections}`;
  log(`${stack.name}: ingest while delivering, ${connections} connections, ${warmupSec} s warm-up + ${durationSec} s`);
  const body = JSON.stringify({
    event_type: 'bench',
    recipients: [{ channels: ['webhook'], webhook_url: `${receiverUrl}?r=0` }],
    payload: {},
    inline: { html: '<p>x</p>' },
  });
  const load = new Child(
    `load-${stack.name}-c${connections}`,
    LOAD,
    [
      JSON.stringify({
        url: stack.eventsUrl,
        connections,
        durationSec,
        warmupSec,
        headers: { 'content-type': 'application/json', 'x-api-key': stack.apiKey },
        body,
        benchRun: runId,
      }),
    ],
    env,
    { ipc: true },
  );
  ctx.setRole('loadgen', load);
  await load.message((m) => m && m.measuring, (warmupSec + 30) * 1000);
  const deliveredBefore = await count(receiver, runId);
  const endCpu = cpuSample(roles);
  const endWaits = pgWaitSampler(pg);
  const statements = await statementStats(pg);
  const { result } = await load.message((m) => m && m.result, (durationSec + 30) * 1000);
  const loadEnded = now();
  const cpu = endCpu();
  const pgWaits = await endWaits();
  const deliveredDuring = (await count(receiver, runId)) - deliveredBefore;
  const stmt = statements.read ? await statements.read(result.ok_2xx) : statements;
  load.proc.disconnect();
  await load.exited;
  ctx.setRole('loadgen', null);

  // Requests in flight when autocannon stopped may or may not have been accepted: every 2xx
  // must arrive, and at most every body sent can.
  const accepted = result.ok_2xx + result.warmup_2xx;
  const waited = await awaitDeliveries(ctx, runId, () => result.bodies_sent, { stallMs: 30_000, atLeast: accepted });
  const got = await collect(receiver, runId);
  return {
    stack: stack.name,
    connections,
    accepted_per_s: result.accepted_per_s,
    latency_ms: result.latency_ms,
    errors: result.non_2xx + result.socket_errors + result.timeouts,
    non_2xx_by_status: result.non_2xx_by_status,
    delivered_per_s_meanwhile: Math.round(deliveredDuring / result.duration_s),
    // Last delivery after the load stopped: the backlog the load left behind.
    backlog_drained_after_s: round(Math.max(0, got.arrivals.reduce((a, x) => Math.max(a, x[2]), 0) - loadEnded) / 1000, 1),
    events_accepted: accepted,
    deliveries_missing: Math.max(0, accepted - got.arrivals.length),
    duplicates: got.duplicates,
    bad_signatures: got.bad_signatures + got.missing_signatures,
    stalled: waited.stalled,
    cpu,
    pg: pgWaits,
    statements: stmt,
  };
}

module.exports = { run };
