'use strict';
/**
 * Email (SMTP) and SMS deliveries per second, end to end; called by bench/run.js after its
 * webhook part, on a Herald started with `npm start`.
 *
 *   - bench/lib/channel-sinks.js (own process, started by run.js before the Herald stacks:
 *     `startSinks`): an SMTP server and a Twilio-compatible Messages API on loopback, both
 *     accepting everything and timing each arrival
 *   - the email-worker (EMAIL_PROVIDER=smtp) and sms-worker (TWILIO_API_BASE_URL pointed at the
 *     sink) that `npm start` runs with their defaults: real nodemailer pool, real twilio SDK
 *   - per channel, a burst: BENCH_CHANNEL_EVENTS events POSTed with BENCH_E2E_CONCURRENCY in
 *     flight, each with BENCH_CHANNEL_FANOUT recipients of that channel; throughput =
 *     deliveries / (last arrival - first arrival), latency = arrival - start of the POST
 *
 * Knobs (env): BENCH_CHANNEL_EVENTS [300], BENCH_CHANNEL_FANOUT [10], BENCH_E2E_CONCURRENCY [16],
 * BENCH_SKIP_CHANNELS (skips this part).
 */
const http = require('node:http');
const path = require('node:path');
const amqp = require('amqplib');
const { sleep, now, round, percentiles } = require('../lib/stats');
const { peakRssMb } = require('../lib/sampling');

const env = process.env;
const num = (name, def) => (env[name] !== undefined && env[name] !== '' ? Number(env[name]) : def);
const S = {
  events: num('BENCH_CHANNEL_EVENTS', 300),
  fanout: num('BENCH_CHANNEL_FANOUT', 10),
  concurrency: num('BENCH_E2E_CONCURRENCY', 16),
};
const TWILIO_SID = `AC${'be0c4'.repeat(6)}00`;

async function consumerCount(queue) {
  const conn = await amqp.connect(env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672');
  conn.on('error', () => undefined);
  try {
    const ch = await conn.createChannel();
    ch.on('error', () => undefined);
    return (await ch.checkQueue(queue)).consumerCount;
  } catch {
    return 0;
  } finally {
    await conn.close().catch(() => undefined);
  }
}

async function waitConsumer(child, queue, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!child.alive) throw new Error(child.describeExit());
    if ((await consumerCount(queue)) > 0) return;
    await sleep(250);
  }
  throw new Error(`${child.name}: no consumer on ${queue} within ${timeoutMs} ms`);
}

function recipientsFor(channel, seq) {
  return Array.from({ length: S.fanout }, (_, r) =>
    channel === 'email'
      ? { channels: ['email'], email: `b${seq}-${r}@bench.example` }
      : { channels: ['sms'], phone: `+1${2_000_000_000 + seq * S.fanout + r}` },
  );
}

function eventBody(channel, run, seq) {
  const text = `bench ${run} ${seq}`;
  const inline =
    channel === 'email' ? { subject: text, html: '<p>Your order shipped.</p>', text: 'Your order shipped.' } : { html: text, text };
  return JSON.stringify({
    event_type: `bench.${channel}`,
    recipients: recipientsFor(channel, seq),
    payload: { bench_run: run, seq },
    inline,
  });
}

/** POSTs `events` events with `concurrency` in flight; returns [[seq, tPostMs, status]]. */
async function publish(apiUrl, apiKey, channel, run) {
  const target = new URL(`${apiUrl}/events`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: S.concurrency });
  const posts = new Array(S.events);
  let next = 0;
  const post = (seq) =>
    new Promise((resolve) => {
      const body = eventBody(channel, run, seq);
      const t = now();
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-api-key': apiKey },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve([seq, t, res.statusCode]));
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve([seq, t, 0]));
      req.end(body);
    });
  const lane = async () => {
    while (next < S.events) {
      const seq = next++;
      posts[seq] = await post(seq);
    }
  };
  const startedMs = now();
  await Promise.all(Array.from({ length: S.concurrency }, lane));
  agent.destroy();
  return { posts, startedMs, finishedMs: now() };
}

async function scenario(ctx, sinks, workers, channel) {
  const run = `${ctx.tag}-${channel}`;
  ctx.log(`${channel}: ${S.events} events x ${S.fanout} recipients -> ${S.events * S.fanout} deliveries`);
  const endCpu = ctx.cpuSample ? ctx.cpuSample() : null;
  const published = await publish(ctx.apiUrl, ctx.apiKey, channel, run);
  const accepted = published.posts.filter((p) => p[2] === 202).length;
  const expected = accepted * S.fanout;
  let received = 0;
  let lastProgress = Date.now();
  let stalled = null;
  while (received < expected) {
    await sleep(200);
    const crashed = workers.find((w) => !w.alive);
    if (crashed) {
      stalled = crashed.describeExit();
      break;
    }
    sinks.proc.send({ cmd: 'count', run });
    const { received: n } = await sinks.message((m) => m.cmd === 'count' && m.run === run, 5000);
    if (n > received) {
      received = n;
      lastProgress = Date.now();
    }
    if (Date.now() - lastProgress > 20_000) {
      stalled = `no delivery for 20 s after ${received}/${expected}`;
      break;
    }
  }
  const cpu = endCpu ? endCpu() : null;
  sinks.proc.send({ cmd: 'collect', run });
  const got = await sinks.message((m) => m.cmd === 'collected' && m.run === run, 30_000);
  const postAt = new Map(published.posts.map((p) => [p[0], p[1]]));
  const times = got.arrivals.map((a) => a[2]);
  const first = Math.min(...times);
  const last = Math.max(...times);
  const windowSec = times.length > 1 ? (last - first) / 1000 : null;
  return {
    channel,
    events_accepted: accepted,
    publish_events_per_s: Math.round(accepted / ((published.finishedMs - published.startedMs) / 1000)),
    deliveries_expected: expected,
    deliveries_received: times.length,
    deliveries_missing: expected - times.length,
    duplicates: got.duplicates,
    deliveries_per_s: windowSec ? Math.round(times.length / windowSec) : null,
    delivery_window_s: round(windowSec, 2),
    latency_ms: percentiles(got.arrivals.map(([seq, , t]) => t - postAt.get(seq))),
    stalled,
    cpu,
  };
}

/**
 * The provider stand-ins, started once before the Herald stacks, and the settings that point
 * Herald's email and SMS workers at them (the only ones the bench gives those workers).
 */
async function startSinks(Child) {
  const sinks = new Child(
    'channel-sinks',
    path.join(__dirname, '..', 'lib', 'channel-sinks.js'),
    [],
    { ...env, BENCH_TWILIO_ACCOUNT_SID: TWILIO_SID },
    { ipc: true },
  );
  const { smtpPort, twilioPort } = await sinks.message((m) => m && m.ready, 10_000);
  return {
    sinks,
    env: {
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      EMAIL_FROM: 'bench@mail.herald.test',
      TWILIO_ACCOUNT_SID: TWILIO_SID,
      TWILIO_AUTH_TOKEN: 'bench-token',
      TWILIO_FROM_NUMBER: '+15005550006',
      TWILIO_API_BASE_URL: `http://127.0.0.1:${twilioPort}`,
    },
  };
}

/**
 * ctx: { apiUrl, apiKey, namespace, tag, log, cpuSample?(), sinks (from startSinks), workers:
 * the stack's running services by name }. Runs the email then the SMS burst.
 */
async function run(ctx) {
  if (env.BENCH_SKIP_CHANNELS) return { available: false, reason: 'skipped (BENCH_SKIP_CHANNELS)' };
  if (!ctx.sinks) return { available: false, reason: 'the channel sinks did not start' };
  const email = ctx.workers['email-worker'];
  const sms = ctx.workers['sms-worker'];
  if (!email || !sms) return { available: false, reason: 'npm start did not run the email-worker and the sms-worker' };
  const workers = [email, sms];
  await waitConsumer(email, `${ctx.namespace}email-worker.deliveries`);
  await waitConsumer(sms, `${ctx.namespace}sms-worker.deliveries`);

  const scenarios = [];
  for (const channel of ['email', 'sms']) {
    try {
      scenarios.push(await scenario(ctx, ctx.sinks, workers, channel));
    } catch (err) {
      scenarios.push({ channel, unavailable: err.message });
    }
  }
  return {
    available: true,
    settings: S,
    note:
      'email over SMTP (nodemailer pool) to a local smtp-server, SMS through the twilio SDK to a local Twilio-compatible API; ' +
      'throughput = deliveries / (last arrival - first arrival); latency = arrival - start of the POST (bursts: mostly queueing)',
    scenarios,
    peak_rss_mb: { 'email-worker': peakRssMb(email.pid), 'sms-worker': peakRssMb(sms.pid) },
  };
}

function pad(s, n, right = false) {
  s = s == null ? '-' : String(s);
  return right ? s.padEnd(n) : s.padStart(n);
}

/** Lines for run.js's report. */
function report(r) {
  if (!r || !r.available) return [`Email and SMS: UNAVAILABLE: ${r ? r.reason.split('\n')[0] : 'not run'}`];
  const out = [`Email (SMTP) and SMS (Twilio API) end to end, ${r.settings.events} events x ${r.settings.fanout} recipients per channel.`];
  out.push(`  ${r.note}`);
  out.push(
    `  ${pad('channel', 7, true)} | ${pad('events', 6)} ${pad('POST ev/s', 9)} | ${pad('delivered', 9)} ${pad('missing', 7)} ${pad('deliv/s', 7)} | ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} | ${pad('dup', 3)}`,
  );
  for (const s of r.scenarios) {
    if (s.unavailable) {
      out.push(`  ${pad(s.channel, 7, true)} | UNAVAILABLE: ${s.unavailable.split('\n')[0]}`);
      continue;
    }
    out.push(
      `  ${pad(s.channel, 7, true)} | ${pad(s.events_accepted, 6)} ${pad(s.publish_events_per_s, 9)} | ${pad(s.deliveries_received, 9)} ${pad(s.deliveries_missing, 7)} ${pad(s.deliveries_per_s, 7)} | ${pad(s.latency_ms.p50, 7)} ${pad(s.latency_ms.p99, 7)} | ${pad(s.duplicates, 3)}`,
    );
    if (s.stalled) out.push(`          stalled: ${s.stalled.split('\n')[0]}`);
    if (s.cpu) {
      const cores = Object.entries(s.cpu.cores_used || {})
        .filter(([, v]) => v >= 0.05)
        .map(([k, v]) => `${k} ${Math.round(v * 100)}%`)
        .join(', ');
      out.push(`    CPU ${s.channel}: ${cores} (machine ${s.cpu.machine_busy_pct}% busy)`);
    }
  }
  out.push(`  Peak RSS (MB): email-worker ${r.peak_rss_mb['email-worker'] ?? '-'}, sms-worker ${r.peak_rss_mb['sms-worker'] ?? '-'}`);
  return out;
}

module.exports = { run, report, startSinks };
