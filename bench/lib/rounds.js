'use strict';
/**
 * A burst that is over in about a second moves ±15% from one run to the next on a shared VM (the
 * bare pipeline alone went 6,332 -> 5,393 deliveries/s at fan-out 10 within one bench), so one
 * round of it cannot say whether a stack holds 0.85x of another. Each burst runs several rounds
 * and reports the round with the median rate, whole (its latencies and CPU belong to it), with
 * every round's rate kept beside it. A round that lost, doubled or stalled is reported instead of
 * the median: a failure is never averaged away.
 */

const troubled = (r) => r.unavailable || r.stalled || r.deliveries_missing || r.duplicates || r.bad_signatures || r.bad_bodies;

function medianRound(results) {
  if (results.length === 1) return results[0];
  const rates = results.map((r) => r.deliveries_per_s ?? null);
  const bad = results.find(troubled);
  if (bad) return { ...bad, rounds: rates };
  const sorted = [...results].sort((a, b) => a.deliveries_per_s - b.deliveries_per_s);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], rounds: rates };
}

module.exports = { medianRound };
