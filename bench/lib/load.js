'use strict';
/**
 * Load generator, run in its own process by bench/run.js so it never shares an event loop with
 * the system under test. Input: one JSON argument
 *   { url, connections, durationSec, warmupSec, headers, body, benchRun }
 * With `benchRun`, `body` is an event whose payload is replaced per request by
 * {bench_run, seq} with a fresh seq, so bench/lib/receiver.js can count (and check) its deliveries.
 * Output: counts, accepted/s and latency percentiles, as an IPC message {result} when forked
 * (then it waits for the parent to disconnect) or one JSON line on stdout.
 *
 * Latency percentiles are computed here from every 2xx response time (autocannon reports them
 * as float milliseconds through its 'response' event; its own histogram rounds to whole ms).
 */
const autocannon = require('autocannon');

const opts = JSON.parse(process.argv[2]);

let seq = 0;
const template = opts.benchRun ? JSON.parse(opts.body) : null;
const requests = template
  ? [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ ...template, payload: { bench_run: opts.benchRun, seq: seq++ } }) }) }]
  : undefined;

function run(durationSec, record) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.url,
        method: 'POST',
        connections: opts.connections,
        duration: durationSec,
        headers: opts.headers,
        body: opts.body,
        requests,
        timeout: 10,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    if (record) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) record.push(responseTime);
        else record.non2xx[statusCode] = (record.non2xx[statusCode] || 0) + 1;
      });
    }
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

async function main() {
  const warm = opts.warmupSec > 0 ? await run(opts.warmupSec, null) : null;
  // Tell the parent the measured window starts (it samples CPU use per process over it).
  if (process.send) process.send({ measuring: true });
  const latencies = [];
  latencies.non2xx = {};
  const started = process.hrtime.bigint();
  const result = await run(opts.durationSec, latencies);
  const elapsedSec = Number(process.hrtime.bigint() - started) / 1e9;
  const sorted = Float64Array.from(latencies).sort();
  const ok = result['2xx'];
  const round = (v) => (v == null ? null : Math.round(v * 100) / 100);
  const out = {
    connections: opts.connections,
    duration_s: round(result.duration || elapsedSec),
    requests: result.requests.total,
    ok_2xx: ok,
    warmup_2xx: warm ? warm['2xx'] : 0,
    bodies_sent: seq,
    non_2xx: result.non2xx,
    non_2xx_by_status: latencies.non2xx,
    socket_errors: result.errors,
    timeouts: result.timeouts,
    accepted_per_s: Math.round(ok / (result.duration || elapsedSec)),
    latency_ms: {
      p50: round(percentile(sorted, 50)),
      p90: round(percentile(sorted, 90)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.length ? sorted[sorted.length - 1] : null),
      mean: round(sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : null),
    },
  };
  if (process.send) {
    // Stay alive until the parent has read our CPU time, then leave.
    process.send({ result: out });
    process.on('disconnect', () => process.exit(0));
  } else {
    process.stdout.write(JSON.stringify(out) + '\n');
  }
}

main().catch((err) => {
  process.stderr.write(`load: ${err.stack || err}\n`);
  process.exit(1);
});
