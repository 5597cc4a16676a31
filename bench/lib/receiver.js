'use strict';
/**
 * Local webhook receiver, its own process (forked by bench/run.js, talks over IPC).
 * Answers every POST 200 and, for bench deliveries (payload {bench_run, seq}), records the
 * arrival time on the machine-wide monotonic clock (process.hrtime = CLOCK_MONOTONIC, the same
 * clock the sender reads), the recipient index from the query string (?r=N) and whether the
 * X-Herald-Signature-256 header matches HMAC-SHA256(secret, raw body).
 *
 * A signature is good when it matches any of the signing secrets it knows (projects differ).
 *
 * env: BENCH_SIGNING_SECRET (optional, comma-separated; without any, signatures are not checked)
 * IPC in: {cmd:'secrets', secrets:[...]} adds secrets (a new stack's projects)
 *         {cmd:'collect', run} -> out: {cmd:'collected', run, arrivals:[[seq, r, tMs]], ...counters}
 *         {cmd:'count', run} -> out: {cmd:'count', run, received, other} (other: non-bench bodies so far)
 *         {cmd:'answer-now', delayMs} -> out: {cmd:'answer-now'}: `/slow/<delayMs>` answers at once from now on
 * A POST to a path ending in `/slow/<ms>` (before the query) is recorded on arrival and answered
 * after <ms> milliseconds.
 */
const http = require('node:http');
const { createHmac, timingSafeEqual } = require('node:crypto');

const secrets = new Set((process.env.BENCH_SIGNING_SECRET || '').split(',').filter(Boolean));
const runs = new Map(); // run -> { arrivals: [], seen: Set, duplicates, badSignatures }
let other = 0;
/** `.../slow/<ms>` answers after that long (a slow receiver, or one that makes the sender time out). */
const SLOW_PATH = /^[^?]*\/slow\/(\d+)/;
/** Delays released by {cmd:'answer-now', delayMs}: what a timed-out sender retries there gets through. */
const released = new Set();

function runState(run) {
  let s = runs.get(run);
  if (!s) {
    s = { arrivals: [], seen: new Set(), duplicates: 0, badSignatures: 0, missingSignatures: 0, badBodies: 0 };
    runs.set(run, s);
  }
  return s;
}

/**
 * The secret that last verified a delivery to each URL is tried first. Trying every known secret
 * in turn cost the receiver up to ~25 HMACs per delivery once a run had made several projects and
 * consumers (their secrets all accumulate here), and that CPU was taken from the stack measured.
 */
const lastSecretOf = new Map();

function signs(secret, raw, got) {
  const expected = Buffer.from('sha256=' + createHmac('sha256', secret).update(raw).digest('hex'));
  return got.length === expected.length && timingSafeEqual(got, expected);
}

function signatureOk(url, raw, header) {
  if (!header) return false;
  const got = Buffer.from(String(header));
  const last = lastSecretOf.get(url);
  if (last !== undefined && signs(last, raw, got)) return true;
  for (const secret of secrets) {
    if (secret === last || !signs(secret, raw, got)) continue;
    lastSecretOf.set(url, secret);
    return true;
  }
  return false;
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const t = Number(process.hrtime.bigint()) / 1e6;
    const answer = () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 2 });
      res.end('{}');
    };
    const slow = SLOW_PATH.exec(req.url);
    if (slow && !released.has(Number(slow[1]))) setTimeout(answer, Number(slow[1]));
    else answer();
    if (req.method !== 'POST') return;
    const raw = Buffer.concat(chunks);
    let body;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      other++;
      return;
    }
    const p = body && body.payload;
    if (!p || typeof p.bench_run !== 'string' || typeof p.seq !== 'number') {
      other++;
      return;
    }
    const s = runState(p.bench_run);
    const q = req.url.indexOf('?r=');
    const r = q >= 0 ? Number(req.url.slice(q + 3)) : 0;
    const key = `${p.seq}:${r}`;
    if (s.seen.has(key)) {
      s.duplicates++;
      return;
    }
    s.seen.add(key);
    if (!body.notification_id || !body.timestamp || body.event_type === undefined) s.badBodies++;
    if (secrets.size) {
      const header = req.headers['x-herald-signature-256'];
      if (!header) s.missingSignatures++;
      else if (!signatureOk(req.url, raw, header)) s.badSignatures++;
    }
    s.arrivals.push([p.seq, r, t]);
  });
});
server.keepAliveTimeout = 65_000;
server.headersTimeout = 70_000;
server.requestTimeout = 0;

process.on('message', (m) => {
  if (m && m.cmd === 'secrets') {
    for (const x of m.secrets) secrets.add(x);
    process.send({ cmd: 'secrets', known: secrets.size });
  } else if (m && m.cmd === 'collect') {
    const s = runState(m.run);
    process.send({
      cmd: 'collected',
      run: m.run,
      arrivals: s.arrivals,
      duplicates: s.duplicates,
      bad_signatures: s.badSignatures,
      missing_signatures: s.missingSignatures,
      bad_bodies: s.badBodies,
      other_requests: other,
    });
  } else if (m && m.cmd === 'answer-now') {
    released.add(Number(m.delayMs));
    process.send({ cmd: 'answer-now' });
  } else if (m && m.cmd === 'count') {
    process.send({ cmd: 'count', run: m.run, received: runState(m.run).arrivals.length, other });
  }
});
process.on('disconnect', () => process.exit(0));
process.once('SIGTERM', () => process.exit(0));
process.once('SIGINT', () => process.exit(0));

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  process.send({ ready: true, port: server.address().port });
});
