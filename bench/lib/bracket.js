'use strict';
/**
 * The bare pipeline measured twice, before and after the Herald stacks, so a machine that speeds
 * up or slows down during the run (a shared VM does: the bare pipeline alone moved 3,700-5,200
 * deliveries/s at fan-out 10 between runs on one day) does not tilt every ratio one way. Ratios
 * then use the mean of the two runs; `bracket` keeps both, and the report prints the drift.
 */

const mean = (a, b) => (a == null || b == null ? (a ?? b) : Math.round(((a + b) / 2) * 10) / 10);

function meanPercentiles(a = {}, b = {}) {
  const out = { ...a };
  for (const k of Object.keys(a)) if (typeof a[k] === 'number') out[k] = mean(a[k], b[k]);
  return out;
}

/** One measurement (scenario or ingest row) as the mean of its two runs, the runs kept beside it. */
function bracketOne(first, last, rateKey) {
  if (!last || first.unavailable || last.unavailable) return first;
  return {
    ...first,
    [rateKey]: mean(first[rateKey], last[rateKey]),
    latency_ms: meanPercentiles(first.latency_ms, last.latency_ms),
    bracket: {
      first: { [rateKey]: first[rateKey], latency_ms: first.latency_ms },
      last: { [rateKey]: last[rateKey], latency_ms: last.latency_ms, rounds: last.rounds },
    },
  };
}

/** The first run of the bare stack with its throughput and latencies replaced by the mean of both runs. */
function bracket(first, last) {
  if (!first || !last || first.unavailable || last.unavailable) return first;
  const sameScenario = (a) => (b) => a.mode === b.mode && a.fanout === b.fanout;
  return {
    ...first,
    scenarios: first.scenarios.map((s) => bracketOne(s, last.scenarios.find(sameScenario(s)), 'deliveries_per_s')),
    ingest: (first.ingest || []).map((x) =>
      bracketOne(
        x,
        (last.ingest || []).find((y) => y.connections === x.connections),
        'accepted_per_s',
      ),
    ),
  };
}

/** "burst f1 1022 -> 980/s (-4%)" for every bracketed measurement. */
function driftLines(bare) {
  const rows = [
    ...(bare.scenarios || []).map((s) => [`${s.mode} f${s.fanout}`, s.bracket, 'deliveries_per_s']),
    ...(bare.ingest || []).map((x) => [`ingest c${x.connections}`, x.bracket, 'accepted_per_s']),
  ].filter(([, b]) => b);
  return rows.map(([name, b, key]) => {
    const [a, z] = [b.first[key], b.last[key]];
    const pct = a ? Math.round(((z - a) / a) * 100) : 0;
    return `${name} ${a} -> ${z}/s (${pct >= 0 ? '+' : ''}${pct}%)`;
  });
}

module.exports = { bracket, driftLines };
