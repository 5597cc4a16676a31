'use strict';
/** The bench's table on stdout, from the result object bench/run.js also writes as JSON. */

function pad(s, n, right = false) {
  s = s == null ? '-' : String(s);
  return right ? s.padEnd(n) : s.padStart(n);
}
const pct = (v) => `${Math.round(v * 100)}%`;
const ratio = (a, b) => (a == null || b == null || b === 0 ? null : Math.round((a / b) * 100) / 100);

function cpuLine(cpu) {
  if (!cpu) return '-';
  return Object.entries({ ...cpu.cores_used, 'irq+softirq': cpu.irq_softirq_cores, 'ended processes': cpu.unattributed_cores })
    .filter(([, v]) => v >= 0.05)
    .map(([k, v]) => `${k} ${pct(v)}`)
    .join(', ');
}

/** Processes that are the bench's own, or no one's: left out of the per-delivery figures. */
const NOT_HERALD_OR_BARE = new Set(['publisher', 'loadgen', 'receiver', 'other', 'kernel', 'bench-orchestrator', 'postgres-background']);

/** What a scenario's per-delivery figures divide by: events accepted when ingesting, else deliveries. */
const deliveredIn = (s) => (s.ingest ? s.events_accepted : s.deliveries_received);

/** Milliseconds of CPU each component spent per delivery over the scenario's window (capacity planning). */
function cpuMsPerDelivery(s) {
  const delivered = deliveredIn(s);
  if (!s.cpu || !delivered) return null;
  const perSecond = delivered / s.cpu.seconds;
  const out = {};
  let total = 0;
  for (const [role, cores] of Object.entries(s.cpu.cores_used)) {
    if (NOT_HERALD_OR_BARE.has(role)) continue;
    const ms = (cores * 1000) / perSecond;
    if (ms >= 0.005) out[role] = Math.round(ms * 1000) / 1000;
    total += ms;
  }
  out.total = Math.round(total * 1000) / 1000;
  return out;
}

/** Milliseconds each component's main thread waited for a CPU per delivery: the price of sharing two cores. */
function waitMsPerDelivery(s) {
  const delivered = deliveredIn(s);
  if (!s.cpu || !s.cpu.runqueue_wait_ms || !delivered) return null;
  const out = {};
  for (const [role, ms] of Object.entries(s.cpu.runqueue_wait_ms)) {
    const per = ms / delivered;
    if (!NOT_HERALD_OR_BARE.has(role) && per >= 0.005) out[role] = Math.round(per * 1000) / 1000;
  }
  return Object.keys(out).length ? out : null;
}

function scenarioName(s) {
  return `${s.mode} f${s.fanout}`;
}

/** Deliveries per second of CPU: how much machine one delivery costs, whoever spends it. */
function deliveriesPerCpuSecond(s) {
  if (!s.cpu || !s.deliveries_received) return null;
  const busyCores = (s.cpu.machine_busy_pct / 100) * require('node:os').cpus().length;
  return Math.round(s.deliveries_per_s / Math.max(0.01, busyCores));
}

/**
 * Every measured stack in report order, each Herald stack after the bare pipeline that ran beside
 * it (labelled `bare|rabbitmq`), with the baseline its ratios use (`base`): the bare runs beside it
 * (`beside`, whose rounds pair with its own), or, in a run that measured the bare pipeline once
 * (BENCH_BARE_ONCE), that run.
 */
function measuredStacks(r) {
  const rows = [];
  const usable = (x) => (x && !x.unavailable ? x : null);
  for (const st of Object.values(r.stacks)) {
    if (st.unavailable) continue;
    const beside = usable(r.baselines && r.baselines[st.stack]);
    if (beside) rows.push({ label: `bare|${st.stack.replace(/^herald-/, '')}`, st: beside, base: null, beside: null });
    rows.push({ label: st.stack, st, base: st.stack === 'bare' ? null : beside || usable(r.stacks.bare), beside });
  }
  return rows;
}

function endToEndTable(r, out) {
  const rows = measuredStacks(r);
  const warm = r.settings.e2eWarmupEvents
    ? `after an unmeasured warm-up of ${r.settings.e2eWarmupEvents} + ${Math.ceil(r.settings.e2eWarmupEvents / 10)} x 10 events per stack`
    : 'no warm-up (cold processes)';
  out.push(`End to end: webhook deliveries from the start of the POST to receipt, ${r.settings.concurrency} publishers, ${warm}.`);
  out.push(
    '  deliveries/s = deliveries / (last receipt - first POST); "vs bare" = this stack / the bare pipeline (bare|x: run beside stack x, round by round) (goal >= 0.85 throughput, <= 1.3 p99)',
  );
  out.push(
    `  ${pad('scenario', 10, true)} ${pad('stack', 16, true)} | ${pad('events', 6)} ${pad('deliv/s', 7)} ${pad('p50 ms', 7)} ${pad('p90 ms', 7)} ${pad('p99 ms', 7)} | ${pad('miss', 4)} ${pad('dup', 3)} ${pad('badsig', 6)} | ${pad('vs bare', 7)} ${pad('p99 vs', 6)} | ${pad('deliv/cpu-s', 11)}`,
  );
  const names = new Set(rows.flatMap(({ st }) => st.scenarios.map(scenarioName)));
  for (const name of names) {
    for (const { label, st, base: baseline } of rows) {
      const s = st.scenarios.find((x) => scenarioName(x) === name);
      if (!s) continue;
      if (s.unavailable) {
        out.push(`  ${pad(name, 10, true)} ${pad(label, 16, true)} | UNAVAILABLE: ${s.unavailable.split('\n')[0]}`);
        continue;
      }
      const base = baseline && baseline.scenarios.find((x) => scenarioName(x) === name && !x.unavailable);
      out.push(
        `  ${pad(name, 10, true)} ${pad(label, 16, true)} | ${pad(s.events_accepted, 6)} ${pad(s.deliveries_per_s, 7)} ${pad(s.latency_ms.p50, 7)} ${pad(s.latency_ms.p90, 7)} ${pad(s.latency_ms.p99, 7)} | ${pad(s.deliveries_missing, 4)} ${pad(s.duplicates, 3)} ${pad(s.bad_signatures, 6)} | ${pad(base ? ratio(s.deliveries_per_s, base.deliveries_per_s) : null, 7)} ${pad(base ? ratio(s.latency_ms.p99, base.latency_ms.p99) : null, 6)} | ${pad(deliveriesPerCpuSecond(s), 11)}`,
      );
      if (s.stalled) out.push(`      stalled: ${s.stalled.split('\n')[0]}`);
    }
    const rounds = rows
      .map(({ label, st }) => [label, st.scenarios.find((x) => scenarioName(x) === name && x.rounds)])
      .filter(([, s]) => s)
      .map(([label, s]) => `${label} ${s.rounds.join(' ')}`);
    if (rounds.length) out.push(`      ${name} rounds, deliveries/s (the median round is reported): ${rounds.join('; ')}`);
    // Beside its baseline, a stack's round i ran next to the bare pipeline's round i: each pair
    // met the same machine, so the ratios pair by pair show how much of the spread was the machine.
    const pairs = rows
      .map(({ label, st, beside }) => [label, st.scenarios.find((x) => scenarioName(x) === name), beside])
      .filter(([, s, b]) => s && s.rounds && b)
      .map(([label, s, b]) => {
        const bs = b.scenarios.find((x) => scenarioName(x) === name);
        return bs && bs.rounds && bs.rounds.length === s.rounds.length
          ? `${label} ${s.rounds.map((v, i) => pad(ratio(v, bs.rounds[i]), 4)).join(' ')}`
          : null;
      })
      .filter(Boolean);
    if (pairs.length) out.push(`      ${name} round by round against the bare round beside it: ${pairs.join('; ')}`);
  }
}

function ingestTable(r, out) {
  const rows = measuredStacks(r);
  if (!rows.some(({ st }) => (st.ingest || []).length)) return;
  out.push('');
  out.push(
    `Ingest while delivering: POST /events (one webhook recipient) for ${r.settings.durationSec} s after ${r.settings.warmupSec} s warm-up, fan-out and worker running.`,
  );
  out.push(
    `  ${pad('conns', 5)} ${pad('stack', 16, true)} | ${pad('ev/s', 6)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('errors', 6)} | ${pad('deliv/s meanwhile', 17)} ${pad('drained after s', 15)} ${pad('miss', 4)} ${pad('dup', 3)} ${pad('badsig', 6)} | ${pad('vs bare', 7)}`,
  );
  for (const { label, st, base: baseline } of rows) {
    for (const x of st.ingest || []) {
      if (x.unavailable) {
        out.push(`  ${pad(x.connections, 5)} ${pad(label, 16, true)} | UNAVAILABLE: ${x.unavailable.split('\n')[0]}`);
        continue;
      }
      const base = ((baseline && baseline.ingest) || []).find((b) => b.connections === x.connections && !b.unavailable);
      out.push(
        `  ${pad(x.connections, 5)} ${pad(label, 16, true)} | ${pad(x.accepted_per_s, 6)} ${pad(x.latency_ms.p50, 7)} ${pad(x.latency_ms.p99, 7)} ${pad(x.errors, 6)} | ${pad(x.delivered_per_s_meanwhile, 17)} ${pad(x.backlog_drained_after_s, 15)} ${pad(x.deliveries_missing, 4)} ${pad(x.duplicates, 3)} ${pad(x.bad_signatures, 6)} | ${pad(base ? ratio(x.accepted_per_s, base.accepted_per_s) : null, 7)}`,
      );
      if (x.stalled) out.push(`      stalled: ${x.stalled.split('\n')[0]}`);
    }
  }
}

function detail(r, out) {
  out.push('');
  out.push('Where the time went (CPU: 100% = one core; PostgreSQL: statements of the bench database per delivery):');
  for (const { label: stack, st } of measuredStacks(r)) {
    const parts = [...st.scenarios.filter((s) => s.mode !== 'paced'), ...(st.ingest || []).map((x) => ({ ...x, ingest: true }))];
    for (const s of parts) {
      if (s.unavailable) continue;
      const label = s.ingest ? `ingest c${s.connections}` : scenarioName(s);
      out.push(`  ${stack} ${label}: CPU ${cpuLine(s.cpu)} (machine ${s.cpu ? s.cpu.machine_busy_pct : '-'}% busy)`);
      const perDelivery = cpuMsPerDelivery(s);
      if (perDelivery)
        out.push(
          `      CPU ms per delivery: ${Object.entries(perDelivery)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}`,
        );
      const waited = waitMsPerDelivery(s);
      if (waited)
        out.push(
          `      main thread waiting for a CPU, ms per delivery: ${Object.entries(waited)
            .sort((a, b) => b[1] - a[1])
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')}`,
        );
      if (s.pg)
        out.push(
          `      PostgreSQL: ${s.pg.transactions_per_s} tx/s, ${s.pg.wal_mb_per_s} MB/s WAL, ${s.pg.mean_active_backends} busy backends: ${s.pg.waits.join(', ')}`,
        );
      const t = s.statements;
      if (t && t.top) {
        out.push(
          `      ${t.statements_per_unit} statements, ${t.exec_ms_per_unit} ms of execution and ${t.plan_ms_per_unit} ms of planning per ${s.ingest ? 'event' : 'delivery'}; top (share, calls, execution, planning):`,
        );
        for (const q of t.top.slice(0, 8))
          out.push(
            `        ${pad(q.share_pct + '%', 4)} ${pad(q.calls_per_unit, 5)}x ${pad(q.mean_ms, 6)} ms ${pad(q.mean_plan_ms, 6)} ms  ${q.query}`,
          );
      } else if (t && t.unavailable) out.push(`      statements: ${t.unavailable}`);
    }
  }
}

/** Issue 12's goals against the bare pipeline of this run: reported, never asserted. */
function goalLines(r) {
  const g = r.goals;
  const out = ['Goals (reported, not asserted; ratios against the bare pipeline, run beside each stack unless BENCH_BARE_ONCE):'];
  const verdict = (ok) => (ok ? 'met' : 'NOT met');
  for (const { st, base: baseline } of measuredStacks(r)) {
    if (st.stack === 'bare') continue;
    if (baseline) {
      for (const [mode, fanout] of [
        ['burst', 1],
        ['burst', 10],
        ['steady', 10],
      ]) {
        const h = st.scenarios.find((s) => s.mode === mode && s.fanout === fanout && !s.unavailable);
        const b = baseline.scenarios.find((s) => s.mode === mode && s.fanout === fanout && !s.unavailable);
        if (!h || !b) continue;
        const thr = ratio(h.deliveries_per_s, b.deliveries_per_s);
        const p99 = ratio(h.latency_ms.p99, b.latency_ms.p99);
        out.push(
          `  ${pad(st.stack, 16, true)} ${mode === 'steady' ? 'steady ' : ''}fan-out ${pad(fanout, 2)}: throughput ${thr} (>= ${g.throughputRatio}: ${verdict(thr >= g.throughputRatio)}), p99 ${p99} (<= ${g.p99Ratio}: ${verdict(p99 <= g.p99Ratio)})`,
        );
      }
    }
    const pf = st.priority_fairness;
    if (pf && pf.available !== false) {
      const classes = ['priority', 'fairness', 'fan-out'].flatMap((n) => (pf[n] && pf[n].classes ? Object.values(pf[n].classes) : []));
      const worst = Math.max(...classes.map((c) => c.latency_ms.p99 ?? Infinity));
      if (classes.length)
        out.push(
          `  ${pad(st.stack, 16, true)} priorities and fairness: worst class p99 ${worst} ms (< ${g.priorityP99Ms}: ${verdict(classes.every((c) => c.met))})`,
        );
      const floods = (pf.floods || []).filter((f) => !f.unavailable);
      if (floods.length) {
        const worstB = Math.max(...floods.map((f) => f.b.latency_ms.p99 ?? Infinity));
        out.push(
          `  ${pad(st.stack, 16, true)} B behind a slow flood: worst p99 ${worstB} ms over ${floods.length} floods (< ${g.priorityP99Ms}: ${verdict(floods.every((f) => f.met))})`,
        );
      }
    }
    const over = Object.entries(st.peak_rss_mb || {}).filter(([, v]) => v != null && v >= g.peakRssMb);
    out.push(
      `  ${pad(st.stack, 16, true)} peak RSS under ${g.peakRssMb} MB: ${over.length ? `NOT met (${over.map(([k, v]) => `${k} ${v}`).join(', ')})` : 'met'}`,
    );
  }
  return out;
}

function printReport(r) {
  const out = [];
  const m = r.machine;
  out.push('');
  out.push(
    `Herald benchmark ${r.timestamp}: ${m.cpus} x ${m.cpu_model}, ${m.total_memory_gb} GB, Node ${m.node}, ${m.postgres}, ${m.rabbitmq}`,
  );
  out.push(
    `Machine ${m.before_start.machine_busy_pct}% busy in the 2 s before the start (load average ${m.load_average_at_start.join(' ')})`,
  );
  for (const st of Object.values(r.stacks)) {
    if (st.unavailable) out.push(`${st.stack}: UNAVAILABLE: ${st.unavailable.split('\n')[0]}`);
    if (st.crashed) out.push(`${st.stack}: A PROCESS DIED: ${st.crashed.split('\n')[0]}`);
    for (const w of st.warmup_problems || [])
      out.push(
        `${st.stack}: WARM-UP (fan-out ${w.fanout}) LOST ${w.deliveries_missing}, DUPLICATED ${w.duplicates}, BAD SIGNATURES ${w.bad_signatures}`,
      );
  }
  out.push('');
  endToEndTable(r, out);
  ingestTable(r, out);
  for (const st of Object.values(r.stacks)) {
    if (!st.priority_fairness) continue;
    out.push('');
    if (st.priority_fairness.available === false)
      out.push(`${st.stack} priorities and fairness: UNAVAILABLE: ${st.priority_fairness.reason}`);
    else
      out.push(
        ...require('../scenarios/priority-fairness')
          .report(st.priority_fairness)
          .map((l, i) => (i === 0 ? `${st.stack}: ${l}` : l)),
      );
  }
  for (const st of Object.values(r.stacks)) {
    if (!st.consumers) continue;
    out.push(
      '',
      ...require('../scenarios/consumers')
        .report(st.consumers)
        .map((l, i) => (i === 0 ? `${st.stack}: ${l}` : l)),
    );
  }
  for (const st of Object.values(r.stacks)) {
    if (st.scheduler) out.push('', ...require('../scenarios/scheduler-lag').report(st.scheduler));
    if (st.channels) out.push('', ...require('../scenarios/channels').report(st.channels));
  }
  detail(r, out);
  out.push('');
  out.push(`Peak RSS (VmHWM, MB; goal < ${r.goals.peakRssMb} per service):`);
  for (const { label, st } of measuredStacks(r)) {
    if (!st.peak_rss_mb) continue;
    const over = Object.entries(st.peak_rss_mb).filter(([, v]) => v != null && v >= r.goals.peakRssMb);
    out.push(
      `  ${pad(label, 16, true)} ${Object.entries(st.peak_rss_mb)
        .map(([k, v]) => `${k} ${v ?? '-'}`)
        .join(', ')}${over.length ? `  OVER: ${over.map(([k]) => k).join(', ')}` : ''}`,
    );
  }
  out.push('');
  out.push(...goalLines(r));
  out.push('');
  out.push(`Finished in ${r.finished_in_s} s.`);
  out.push('');
  process.stdout.write(out.join('\n') + '\n');
}

module.exports = { printReport };
