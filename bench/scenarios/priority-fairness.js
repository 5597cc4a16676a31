'use strict';
/**
 * Priority lanes and per-project fair share under a backlog (issue 12), webhook channel, end to
 * end; called once per queue driver with the api, fanout and webhook-worker of that stack running.
 * Each scenario queues a backlog (BENCH_PRIO_BACKLOG_EVENTS events x BENCH_PRIO_BACKLOG_FANOUT
 * webhook recipients, POSTed at once), waits until fan-out has turned every backlog event into
 * deliveries (no backlog event still `accepted`), then POSTs BENCH_PRIO_EVENTS one-recipient
 * events per measured class, one class after the other, and waits until everything, backlog
 * included, has arrived at bench/lib/receiver.js (so the next scenario and whatever runs after this
 * module start from empty lanes).
 *
 *   1. fairness: project A POSTs the backlog as `medium` (its first FAIR_SHARE_BURST deliveries
 *      stay in the medium lane, the rest are demoted to `low`); then project B's `medium` events
 *      (class medium_b). Runs first, while A's token bucket is still full.
 *   2. priority: project A POSTs the backlog as `low`; then A's `high` events (high), B's
 *      `medium` events (medium_b: the medium lane for a project within its fair share), A's
 *      `medium` events (medium_a: the same project as the backlog; low deliveries are not charged
 *      to the fair share, so these stay in medium: before that they waited behind the backlog).
 *   3. fan-out stage: project A POSTs the backlog as `low` and, without waiting for fan-out, A's
 *      `high` events: they must overtake backlog events still waiting for fan-out (fan-out lanes),
 *      then the backlog's deliveries (worker lanes).
 *
 * Latency = arrival at the receiver - start of the POST (CLOCK_MONOTONIC on both sides). A
 * measurement only counts while the backlog is still queued: per class the result gives how
 * many backlog deliveries had not arrived yet at the class's first POST and at its last
 * delivery; when none were left at the last delivery, `backlog_drained_first` is true and the
 * latency proves nothing about lanes.
 *
 * The caller starts the stack (api, one fanout, webhook-worker) with the queue driver under test;
 * apiKeyA and apiKeyB should be fresh projects: the fair share is a token bucket per project in
 * the fan-out process, and a project A that sent deliveries in the ~20 s before has less than a
 * full burst left, so fewer of its deliveries would stay in the medium lane ahead of B's.
 * Whether the backlog is really queued is checked through the API and the receiver (both
 * drivers alike): every backlog event left `accepted`, and `undelivered_when_fanned_out` says how
 * many of its deliveries had not arrived yet. The worker is far slower than the backlog's
 * creation (20,000 deliveries fanned out in 1-6 s, drained at 700-2,300/s on a shared 2-core
 * machine), so the receiver answers every delivery at once; should a faster machine drain it
 * before the measured events arrive, `backlog_drained_first` says so: raise BENCH_PRIO_BACKLOG_EVENTS.
 *
 * Knobs (env): BENCH_PRIO_BACKLOG_EVENTS [20], BENCH_PRIO_BACKLOG_FANOUT [1000],
 * BENCH_PRIO_EVENTS [100], BENCH_PRIO_CONCURRENCY [4] (POSTs in flight, measured classes),
 * BENCH_PRIO_BACKLOG_CONCURRENCY [4], BENCH_PRIO_WAIT_S [60] (longest wait per scenario for the
 * backlog to drain), BENCH_SKIP_PRIORITY (skips this part).
 *
 *   4. floods (issue 26): project A POSTs one-recipient events paced at a rate under fan-out's
 *      token bucket for BENCH_FLOOD_S [15] seconds, to an endpoint slower than that (FLOODS below:
 *      250 ms at 300/s, 2 s at 100/s, one that times out at 100/s); BENCH_FLOOD_LEAD_S [8] seconds
 *      in, project B POSTs BENCH_PRIO_EVENTS events to a fast endpoint. B's p99 is the measure
 *      (aim < 2 s), and A's deliveries per second while it floods (with FAIR_SHARE_SEND_PERCENT=100
 *      in the bench's environment, the worker's share is off: Herald as it was before it).
 *      BENCH_FLOOD_ROUNDS [1] repeats the three; BENCH_SKIP_FLOODS skips them, BENCH_SKIP_BACKLOGS
 *      the three scenarios above.
 */
const path = require('node:path');
const { fork } = require('node:child_process');
const { sleep, now, round, percentiles } = require('../lib/stats');

const env = process.env;
const num = (name, def) => (env[name] !== undefined && env[name] !== '' ? Number(env[name]) : def);
const S = {
  backlogEvents: num('BENCH_PRIO_BACKLOG_EVENTS', 20),
  backlogFanout: num('BENCH_PRIO_BACKLOG_FANOUT', 1000),
  events: num('BENCH_PRIO_EVENTS', 100),
  concurrency: num('BENCH_PRIO_CONCURRENCY', 4),
  backlogConcurrency: num('BENCH_PRIO_BACKLOG_CONCURRENCY', 4),
  waitSeconds: num('BENCH_PRIO_WAIT_S', 60),
  floodRounds: num('BENCH_FLOOD_ROUNDS', 1),
  floodSeconds: num('BENCH_FLOOD_S', 15),
  floodLeadSeconds: num('BENCH_FLOOD_LEAD_S', 8),
};
/**
 * Floods that arrive slower than fan-out's token bucket (500/s) but faster than A's endpoint
 * absorbs: issue 26's fairness rows. `timeout`: the endpoint answers after WEBHOOK_TIMEOUT_MS
 * (10 s), so every attempt times out and is retried later.
 */
let timeoutFloods = 0;
const FLOODS = [
  { name: 'flood-300/s-250ms', ratePerSec: 300, delayMs: 250, drain: true },
  { name: 'flood-100/s-2s', ratePerSec: 100, delayMs: 2000, drain: true },
  { name: 'flood-100/s-timeout', ratePerSec: 100, delayMs: 12_000, drain: false },
];
const AIM_P99_MS = 2000;
/** No new arrival for this long ends a wait: a worker died or deliveries failed. */
const STALL_MS = 20_000;

/** Runs bench/lib/publish.js in its own process (its POST times stay off this event loop); resolves with its result. */
function publish(opts) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, '..', 'lib', 'publish.js'), [JSON.stringify(opts)], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr = (stderr + c).slice(-2000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    let result = null;
    child.on('message', (m) => {
      if (m && m.result) {
        result = m.result;
        child.disconnect();
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (result) resolve(result);
      else reject(new Error(`publish ${opts.run} exited (code ${code}, signal ${signal}) without a result: ${stderr.trim()}`));
    });
  });
}

function ask(receiver, msg, reply, timeoutMs) {
  const answer = receiver.message(reply, timeoutMs);
  receiver.proc.send(msg);
  return answer;
}
const received = (receiver, run) =>
  ask(receiver, { cmd: 'count', run }, (m) => m.cmd === 'count' && m.run === run, 5000).then((m) => m.received);
const collect = (receiver, run) => ask(receiver, { cmd: 'collect', run }, (m) => m.cmd === 'collected' && m.run === run, 30_000);

/** How many of the project's events of `eventType` fan-out has not taken yet (status `accepted`). */
async function notFannedOut(apiUrl, apiKey, eventType) {
  const url = `${apiUrl}/events?status=accepted&per_page=1&event_type=${encodeURIComponent(eventType)}`;
  const res = await fetch(url, { headers: { 'x-api-key': apiKey } });
  if (res.status !== 200) throw new Error(`GET /events answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return (await res.json()).total;
}

/** Polls until every run has `expected[run]` arrivals, nothing arrived for STALL_MS, or `deadline` (monotonic ms). */
async function waitArrivals(receiver, expected, deadline) {
  const counts = Object.fromEntries(Object.keys(expected).map((run) => [run, 0]));
  let lastProgress = now();
  for (;;) {
    let progress = false;
    for (const run of Object.keys(expected)) {
      const n = await received(receiver, run);
      if (n > counts[run]) progress = true;
      counts[run] = n;
    }
    if (progress) lastProgress = now();
    if (Object.keys(expected).every((run) => counts[run] >= expected[run])) return null;
    if (now() - lastProgress > STALL_MS) return `no delivery for ${STALL_MS / 1000} s`;
    if (now() > deadline) return `not all delivered within ${S.waitSeconds} s`;
    await sleep(250);
  }
}

/** Backlog deliveries not arrived by time t (monotonic ms); `times` sorted. */
function undeliveredAt(times, expected, t) {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return expected - lo;
}

/**
 * One scenario: backlog, wait for its fan-out, measured classes one after the other, wait for
 * everything. spec: { name, backlog: { project, apiKey, priority }, classes: [{ name, project, apiKey, priority }] }.
 */
async function scenario(ctx, spec) {
  const { apiUrl, receiver, receiverUrl, tag, log } = ctx;
  const url = `${apiUrl}/events`;
  const backlogRun = `${tag}-${spec.name}-backlog`;
  const backlogType = `bench.${spec.name}.backlog.${tag}`;
  log(
    `${spec.name}: project ${spec.backlog.project} queues ${S.backlogEvents} x ${S.backlogFanout} ${spec.backlog.priority} deliveries, ` +
      `then ${spec.classes.map((c) => `${S.events} ${c.priority} (${c.project})`).join(', ')}`,
  );
  const started = now();
  const backlogPub = await publish({
    url,
    apiKey: spec.backlog.apiKey,
    receiverUrl,
    run: backlogRun,
    events: S.backlogEvents,
    fanout: S.backlogFanout,
    concurrency: S.backlogConcurrency,
    priority: spec.backlog.priority,
    eventType: backlogType,
  });
  const backlogAccepted = backlogPub.posts.filter((p) => p[2] === 202).length;
  if (backlogAccepted === 0) throw new Error(`no backlog event accepted (statuses ${[...new Set(backlogPub.posts.map((p) => p[2]))]})`);
  const backlogExpected = backlogAccepted * S.backlogFanout;
  const posted = now();

  // Really queued: every backlog event fanned out (its deliveries are in the lanes) and most not
  // delivered yet; or, for the fan-out stage, as many as possible still waiting for fan-out.
  const fanoutDeadline = now() + 60_000;
  const waitingForFanout = spec.waitForFanout === false ? await notFannedOut(apiUrl, spec.backlog.apiKey, backlogType) : 0;
  while (spec.waitForFanout !== false && (await notFannedOut(apiUrl, spec.backlog.apiKey, backlogType)) > 0) {
    if (now() > fanoutDeadline) throw new Error('backlog events still not fanned out 60 s after their POST');
    await sleep(100);
  }
  const fannedOut = now();
  const undeliveredBefore = backlogExpected - (await received(receiver, backlogRun));
  log(
    `${spec.name}: backlog POSTed in ${round((posted - started) / 1000, 2)} s, fanned out after ${round((fannedOut - started) / 1000, 2)} s; ` +
      `${undeliveredBefore} of ${backlogExpected} not delivered yet`,
  );

  const published = [];
  for (const c of spec.classes) {
    const run = `${tag}-${spec.name}-${c.name}`;
    const result = await publish({
      url,
      apiKey: c.apiKey,
      receiverUrl,
      run,
      events: S.events,
      fanout: 1,
      concurrency: S.concurrency,
      priority: c.priority,
      eventType: `bench.${spec.name}.${c.name}.${tag}`,
    });
    published.push({ ...c, run, result, accepted: result.posts.filter((p) => p[2] === 202).length });
  }
  const expected = { [backlogRun]: backlogExpected };
  for (const p of published) expected[p.run] = p.accepted;
  const stalled = await waitArrivals(receiver, expected, now() + S.waitSeconds * 1000);
  const finished = now();

  const backlogGot = await collect(receiver, backlogRun);
  const backlogTimes = Float64Array.from(backlogGot.arrivals.map((a) => a[2])).sort();
  const classes = {};
  for (const p of published) {
    const got = await collect(receiver, p.run);
    const postAt = new Map(p.result.posts.map((x) => [x[0], x[1]]));
    const latencies = got.arrivals.map(([seq, , t]) => t - postAt.get(seq));
    const bySeq = got.arrivals.map(([seq, , t]) => [seq, t - postAt.get(seq)]);
    const last = got.arrivals.reduce((m, a) => Math.max(m, a[2]), -Infinity);
    const firstPost = p.result.startedMs;
    const atFirstPost = undeliveredAt(backlogTimes, backlogExpected, firstPost);
    const atLast = got.arrivals.length ? undeliveredAt(backlogTimes, backlogExpected, last) : null;
    const lat = percentiles(latencies);
    const complete = p.accepted > 0 && p.accepted === got.arrivals.length;
    classes[p.name] = {
      project: p.project,
      priority: p.priority,
      events_accepted: p.accepted,
      deliveries: got.arrivals.length,
      missing: p.accepted - got.arrivals.length,
      duplicates: got.duplicates,
      latency_ms: lat,
      // p50 of each tenth of the events in POST order: a falling series means the first ones met a busier pipeline.
      latency_p50_ms_by_tenth: Array.from({ length: 10 }, (_, i) => {
        const lo = Math.floor((i * S.events) / 10);
        const hi = Math.floor(((i + 1) * S.events) / 10);
        return percentiles(bySeq.filter(([seq]) => seq >= lo && seq < hi).map(([, l]) => l)).p50;
      }),
      post_seconds: round((p.result.finishedMs - p.result.startedMs) / 1000, 2),
      post_response_ms: percentiles(p.result.posts.filter((x) => x[2] === 202).map((x) => x[4])),
      first_post_s: round((firstPost - started) / 1000, 2),
      last_delivery_s: got.arrivals.length ? round((last - started) / 1000, 2) : null,
      backlog_deliveries: backlogExpected,
      backlog_undelivered_at_first_post: atFirstPost,
      backlog_undelivered_at_last_delivery: atLast,
      // The backlog was gone before this class's last delivery: either it was gone before the POSTs
      // (nothing measured) or the class waited behind it (it did not overtake the backlog).
      backlog_drained_first: atLast === 0,
      aim_p99_ms: AIM_P99_MS,
      met: complete && lat.p99 < AIM_P99_MS && atLast > 0,
      verdict:
        atFirstPost === 0
          ? 'not measured: the backlog had drained before the POSTs'
          : !complete
            ? 'NOT met: deliveries missing'
            : atLast === 0
              ? 'NOT met: waited behind the backlog'
              : lat.p99 < AIM_P99_MS
                ? 'met'
                : 'NOT met: p99 over the aim',
    };
  }
  // When each backlog event's last delivery arrived: shows which events went ahead (their lane is in fan-out's info log).
  const doneAt = new Map();
  for (const [seq, , t] of backlogGot.arrivals) doneAt.set(seq, Math.max(doneAt.get(seq) ?? -Infinity, t));
  const firstB = backlogTimes.length ? backlogTimes[0] : null;
  const lastB = backlogTimes.length ? backlogTimes[backlogTimes.length - 1] : null;
  return {
    backlog: {
      project: spec.backlog.project,
      priority: spec.backlog.priority,
      events_accepted: backlogAccepted,
      deliveries_expected: backlogExpected,
      deliveries_received: backlogTimes.length,
      duplicates: backlogGot.duplicates,
      posted_after_s: round((posted - started) / 1000, 2),
      fanned_out_after_s: spec.waitForFanout === false ? null : round((fannedOut - started) / 1000, 2),
      events_waiting_for_fanout_at_post: spec.waitForFanout === false ? waitingForFanout : 0,
      undelivered_when_fanned_out: undeliveredBefore,
      drained_after_s: lastB != null && backlogTimes.length === backlogExpected ? round((lastB - started) / 1000, 2) : null,
      deliveries_per_s: backlogTimes.length > 1 ? Math.round(backlogTimes.length / ((lastB - firstB) / 1000)) : null,
      events: backlogPub.posts
        .filter((x) => x[2] === 202)
        .map(([seq, , , id]) => ({ seq, id, last_delivery_s: doneAt.has(seq) ? round((doneAt.get(seq) - started) / 1000, 2) : null })),
    },
    classes,
    stalled,
    seconds: round((finished - started) / 1000, 1),
  };
}

/**
 * One flood: A paced at `ratePerSec` to `/slow/<delayMs>`, B's events `floodLeadSeconds` in. Waits
 * for B's deliveries, then (drain) for all of A's; a timing-out flood is not waited for: the
 * receiver answers at once from then on so that A's retries get through while later work runs.
 */
async function flood(ctx, spec, roundNo) {
  const { apiUrl, receiver, receiverUrl, tag, log } = ctx;
  const url = `${apiUrl}/events`;
  const aRun = `${tag}-${spec.name}-${roundNo}-a`;
  const bRun = `${tag}-${spec.name}-${roundNo}-b`;
  const events = spec.ratePerSec * S.floodSeconds;
  // A timing-out endpoint is released once measured (answer-now) and the receiver outlives the
  // stacks: each flood gets one of its own.
  const delayMs = spec.drain ? spec.delayMs : spec.delayMs + ++timeoutFloods;
  log(
    `${spec.name} (round ${roundNo}): A floods ${events} events at ${spec.ratePerSec}/s to a ${spec.delayMs} ms endpoint; B posts ${S.events} after ${S.floodLeadSeconds} s`,
  );
  const started = now();
  const aPub = publish({
    url,
    // A timing-out flood comes from a project of its own: the circuit it opens for its project and
    // the receiver's origin outlasts it by design, and would hold A's next flood.
    apiKey: spec.drain ? ctx.apiKeyA : (ctx.apiKeyTimeout ?? ctx.apiKeyA),
    receiverUrl: `${receiverUrl}/slow/${delayMs}`,
    run: aRun,
    events,
    fanout: 1,
    concurrency: 32,
    ratePerSec: spec.ratePerSec,
    eventType: `bench.${spec.name}.a.${tag}`,
  });
  await sleep(S.floodLeadSeconds * 1000);
  const bPub = await publish({
    url,
    apiKey: ctx.apiKeyB,
    receiverUrl,
    run: bRun,
    events: S.events,
    fanout: 1,
    concurrency: S.concurrency,
    eventType: `bench.${spec.name}.b.${tag}`,
  });
  const bAccepted = bPub.posts.filter((p) => p[2] === 202).length;
  const bStalled = await waitArrivals(receiver, { [bRun]: bAccepted }, now() + S.waitSeconds * 1000);
  const a = await aPub;
  const aAccepted = a.posts.filter((p) => p[2] === 202).length;
  let aStalled = null;
  if (spec.drain) aStalled = await waitArrivals(receiver, { [aRun]: aAccepted }, now() + 180_000);
  const bGot = await collect(receiver, bRun);
  const aGot = await collect(receiver, aRun);
  if (!spec.drain) await ask(receiver, { cmd: 'answer-now', delayMs }, (m) => m.cmd === 'answer-now', 5000);
  const postAt = new Map(bPub.posts.map((x) => [x[0], x[1]]));
  const lat = percentiles(bGot.arrivals.map(([seq, , t]) => t - postAt.get(seq)));
  // A's deliveries per second while it flooded: arrivals between its first POST and its last one.
  const aDuring = aGot.arrivals.filter(([, , t]) => t <= a.finishedMs).length;
  const complete = bAccepted > 0 && bGot.arrivals.length === bAccepted;
  return {
    name: spec.name,
    round: roundNo,
    a: {
      events_accepted: aAccepted,
      delivered: aGot.arrivals.length,
      duplicates: aGot.duplicates,
      deliveries_per_s_while_flooding: Math.round(aDuring / ((a.finishedMs - a.startedMs) / 1000)),
      drained_after_s:
        spec.drain && !aStalled && aGot.arrivals.length ? round((Math.max(...aGot.arrivals.map((x) => x[2])) - started) / 1000, 1) : null,
      stalled: aStalled,
    },
    b: { events_accepted: bAccepted, deliveries: bGot.arrivals.length, duplicates: bGot.duplicates, latency_ms: lat, stalled: bStalled },
    aim_p99_ms: AIM_P99_MS,
    met: complete && lat.p99 < AIM_P99_MS,
  };
}

/**
 * ctx: { apiUrl, apiKeyA, apiKeyB, apiKeyTimeout, receiver, receiverUrl, tag, log }; each key belongs
 * to a project of its own (apiKeyTimeout: the timing-out flood's A; absent, A's); receiver is
 * bench/lib/receiver.js forked (run.js's Child). Starts no service.
 */
async function run(ctx) {
  if (env.BENCH_SKIP_PRIORITY) return { available: false, reason: 'skipped (BENCH_SKIP_PRIORITY)' };
  const { apiKeyA: A, apiKeyB: B } = ctx;
  const started = now();
  const attempt = (spec) =>
    env.BENCH_SKIP_BACKLOGS
      ? { unavailable: 'skipped (BENCH_SKIP_BACKLOGS)' }
      : scenario(ctx, spec).catch((err) => ({ unavailable: err.message }));
  const fairness = await attempt({
    name: 'fairness',
    backlog: { project: 'A', apiKey: A, priority: 'medium' },
    classes: [{ name: 'medium_b', project: 'B', apiKey: B, priority: 'medium' }],
  });
  const priority = await attempt({
    name: 'priority',
    backlog: { project: 'A', apiKey: A, priority: 'low' },
    classes: [
      { name: 'high', project: 'A', apiKey: A, priority: 'high' },
      { name: 'medium_b', project: 'B', apiKey: B, priority: 'medium' },
      { name: 'medium_a', project: 'A', apiKey: A, priority: 'medium' },
    ],
  });
  const fanoutStage = await attempt({
    name: 'fan-out',
    waitForFanout: false,
    backlog: { project: 'A', apiKey: A, priority: 'low' },
    classes: [{ name: 'high', project: 'A', apiKey: A, priority: 'high' }],
  });
  const floods = [];
  if (!env.BENCH_SKIP_FLOODS) {
    for (let round = 1; round <= S.floodRounds; round++) {
      for (const spec of FLOODS)
        floods.push(await flood(ctx, spec, round).catch((err) => ({ name: spec.name, round, unavailable: err.message })));
    }
  }
  return {
    available: true,
    settings: { ...S, aim_p99_ms: AIM_P99_MS },
    floods,
    note:
      `per scenario: a backlog of ${S.backlogEvents} x ${S.backlogFanout} webhook deliveries, fully fanned out, then ${S.events} one-recipient ` +
      'events per class POSTed one class after the other (fan-out: without waiting for the backlog to be fanned out); latency = arrival - start of the POST; ' +
      'the backlog must still be queued at the last measured delivery',
    fairness,
    priority,
    'fan-out': fanoutStage,
    seconds: round((now() - started) / 1000, 1),
  };
}

function pad(s, n, right = false) {
  s = s == null ? '-' : String(s);
  return right ? s.padEnd(n) : s.padStart(n);
}

/** Lines for run.js's report. */
function report(r) {
  if (!r || !r.available) return [`Priority and fair share: UNAVAILABLE: ${r ? r.reason.split('\n')[0] : 'not run'}`];
  const out = [
    `Priority lanes and fair share (webhook), aim: p99 < ${r.settings.aim_p99_ms} ms for the measured events while the backlog is still queued.`,
  ];
  out.push(`  ${r.note}`);
  out.push(
    `  ${pad('scenario', 8, true)} ${pad('class', 8, true)} ${pad('from', 4)} ${pad('prio', 6)} | ${pad('deliv', 5)} ${pad('missing', 7)} | ${pad('p50 ms', 7)} ${pad('p90 ms', 7)} ${pad('p99 ms', 7)} ${pad('max ms', 7)} | ${pad('backlog left: at POST', 21)} ${pad('at last', 7)} | aim`,
  );
  const scenarios = ['priority', 'fairness', 'fan-out'].filter((name) => r[name]);
  for (const name of scenarios) {
    const s = r[name];
    if (s.unavailable) {
      out.push(`  ${pad(name, 8, true)} UNAVAILABLE: ${s.unavailable.split('\n')[0]}`);
      continue;
    }
    for (const [cls, c] of Object.entries(s.classes)) {
      out.push(
        `  ${pad(name, 8, true)} ${pad(cls, 8, true)} ${pad(c.project, 4)} ${pad(c.priority, 6)} | ${pad(c.deliveries, 5)} ${pad(c.missing, 7)} | ${pad(c.latency_ms.p50, 7)} ${pad(c.latency_ms.p90, 7)} ${pad(c.latency_ms.p99, 7)} ${pad(c.latency_ms.max, 7)} | ${pad(c.backlog_undelivered_at_first_post, 21)} ${pad(c.backlog_undelivered_at_last_delivery, 7)} | ${c.verdict}`,
      );
    }
  }
  if (r.floods && r.floods.length) {
    out.push(
      `  floods: A paced under the token bucket to a slow endpoint, B's ${r.settings.events} events ${r.settings.floodLeadSeconds} s in (aim: B's p99 < ${r.settings.aim_p99_ms} ms)`,
    );
    for (const f of r.floods) {
      if (f.unavailable) {
        out.push(`    ${pad(f.name, 20, true)} round ${f.round}: UNAVAILABLE: ${f.unavailable.split('\n')[0]}`);
        continue;
      }
      out.push(
        `    ${pad(f.name, 20, true)} round ${f.round}: B p50 ${pad(f.b.latency_ms.p50, 6)} p99 ${pad(f.b.latency_ms.p99, 7)} ms, ${f.b.deliveries}/${f.b.events_accepted} | ` +
          `A ${f.a.deliveries_per_s_while_flooding}/s while flooding, ${f.a.delivered}/${f.a.events_accepted} delivered${f.a.drained_after_s ? ` after ${f.a.drained_after_s} s` : ''} | ${f.met ? 'met' : 'NOT met'}`,
      );
    }
  }
  for (const name of scenarios) {
    if (r[name].unavailable) continue;
    const b = r[name].backlog;
    const fannedOut =
      b.fanned_out_after_s === null
        ? `${b.events_waiting_for_fanout_at_post} of its events still waiting for fan-out when the measured events were POSTed`
        : `fanned out after ${b.fanned_out_after_s} s (${b.undelivered_when_fanned_out} then undelivered)`;
    out.push(
      `    ${name} backlog: project ${b.project}, ${b.events_accepted} ${b.priority} events, ${b.deliveries_received}/${b.deliveries_expected} delivered; ` +
        `POSTed in ${b.posted_after_s} s, ${fannedOut}, ` +
        `drained after ${b.drained_after_s ?? '-'} s at ${b.deliveries_per_s ?? '-'} deliveries/s`,
    );
    if (r[name].stalled) out.push(`    ${name}: ${r[name].stalled}`);
  }
  return out;
}

module.exports = { run, report };
