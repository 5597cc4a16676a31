'use strict';
/**
 * A process shaped like a busy Herald service, for heap-policy.test.ts: it applies the heap policy
 * a service applies at start (HEAP_GROWTH_PERCENT from argv), holds a live set, then allocates
 * objects that live long enough to be promoted and die there, as requests in flight do. Prints
 * the old generation's peak use and, after a full collection, what of it was live, in MB.
 * Run with --expose-gc (for that last collection only).
 */
const v8 = require('node:v8');
const { applyHeapPolicy } = require('@herald/runtime');

applyHeapPolicy(Number(process.argv[2]));
const oldSpaceUsed = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space').space_used_size;

const live = [];
for (let i = 0; i < 300_000; i++) live.push({ id: i, name: `live-${i}` });
const inFlight = new Array(50_000);
let peak = 0;
for (let i = 0; i < 4_000_000; i++) {
  inFlight[i % inFlight.length] = { i, body: `request-${i}`, pair: [i, i + 1] };
  if (i % 5000 === 0) peak = Math.max(peak, oldSpaceUsed());
}
globalThis.gc();
const mb = (n) => Math.round((n / 2 ** 20) * 10) / 10;
// Both sets are read here, so neither is dead (and collected) before the measurement.
const held = live.length + inFlight.length;
process.stdout.write(JSON.stringify({ peakOldMb: mb(peak), liveOldMb: mb(oldSpaceUsed()), held }) + '\n');
