'use strict';
/**
 * Summarises a V8 .cpuprofile (node --cpu-prof; `BENCH_PROFILE=1 npm run bench` writes one per
 * service): self time by package/area, the top functions by self time, and the top functions by
 * inclusive time. Usage: node bench/tools/profile-summary.js <file.cpuprofile> [topN]
 * PROFILE_LAST_S=N counts only the profile's last N seconds: a process's start-up (module loading,
 * compiling openapi.yaml) otherwise weighs as much as the burst being studied.
 */
const fs = require('node:fs');

const file = process.argv[2];
const topN = Number(process.argv[3] || 25);
if (!file) {
  process.stderr.write('usage: node bench/tools/profile-summary.js <file.cpuprofile> [topN]\n');
  process.exit(2);
}
const prof = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, { ...n, self: 0 }]));
const lastUs = Number(process.env.PROFILE_LAST_S || 0) * 1e6;
const span = prof.timeDeltas.reduce((a, d) => a + d, 0);
let at = 0;
for (let i = 0; i < prof.samples.length; i++) {
  at += prof.timeDeltas[i] || 0;
  if (lastUs && at < span - lastUs) continue;
  byId.get(prof.samples[i]).self += prof.timeDeltas[i] || 0;
}
const parent = new Map();
for (const n of byId.values()) for (const c of n.children || []) parent.set(c, n.id);

function area(cf) {
  const url = cf.url || '';
  if (!url) return cf.functionName.startsWith('(') ? cf.functionName : '(native/builtin)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return `npm:${rest[0].startsWith('@') ? rest.slice(0, 2).join('/') : rest[0]}`;
  }
  const m = /\/(services|libs)\/([^/]+)\//.exec(url);
  if (m) return `${m[1]}/${m[2]}`;
  if (url.startsWith('node:')) return 'node-core';
  return url;
}
const fnKey = (cf) =>
  `${cf.functionName || '(anonymous)'} ${(cf.url || '').replace(/^.*\/(node_modules|services|libs)\//, '$1/')}:${cf.lineNumber + 1}`;

const total = [...byId.values()].reduce((a, n) => a + n.self, 0);
const idle = [...byId.values()].filter((n) => n.callFrame.functionName === '(idle)').reduce((a, n) => a + n.self, 0);
const busy = total - idle;
const areas = {};
const selfFn = {};
const inclFn = {};
for (const n of byId.values()) {
  if (n.callFrame.functionName === '(idle)') continue;
  areas[area(n.callFrame)] = (areas[area(n.callFrame)] || 0) + n.self;
  const k = fnKey(n.callFrame);
  selfFn[k] = (selfFn[k] || 0) + n.self;
  if (n.self === 0) continue;
  // inclusive: charge this node's self time to every distinct function on its stack
  const seen = new Set();
  for (let id = n.id; id !== undefined; id = parent.get(id)) {
    const key = fnKey(byId.get(id).callFrame);
    if (seen.has(key)) continue;
    seen.add(key);
    inclFn[key] = (inclFn[key] || 0) + n.self;
  }
}
const pct = (v) => `${((100 * v) / Math.max(1, busy)).toFixed(1).padStart(5)}%`;
const show = (title, obj, n) => {
  console.log(`\n${title}`);
  for (const [k, v] of Object.entries(obj)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n))
    console.log(`  ${pct(v)}  ${k}`);
};
console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (${((100 * busy) / total).toFixed(0)}%); percentages are of busy time`,
);
show('self time by area', areas, 20);
show(`top ${topN} functions by self time`, selfFn, topN);
show(`top ${topN} functions by inclusive time`, inclFn, topN);
