'use strict';
/**
 * Runs the bare pipeline by hand, outside bench/run.js: a scratch database, bench/lib/receiver.js
 * and bench/lib/publish.js, fan-out 1 then 10; prints deliveries/s, latency percentiles and the
 * receiver's checks (missing, duplicates, bad signatures).
 *
 *   node bench/baseline/try.js                 # 3,000 events x 1 and 300 x 10, 32 in flight
 *   node bench/baseline/try.js --kill worker   # SIGKILL the worker a third of the way in,
 *   node bench/baseline/try.js --kill fanout   # restart it, and check nothing is lost
 *   node bench/baseline/try.js --kill ingest   # (its port changes: later POSTs fail, and
 *                                                   # only the 202'd events are expected)
 *
 * env: TRY_F1_EVENTS [3000], TRY_F10_EVENTS [300], TRY_CONCURRENCY [32], AMQP_URL,
 * BENCH_PG_ADMIN_URL [postgres://postgres@127.0.0.1:5432/postgres]. Uses (drops, recreates,
 * drops again) the database bare_try_<pid>; logs go to $TMPDIR/bare-try-<pid>/.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { fork } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { Client } = require('pg');
const bare = require('./index');

const env = process.env;
const ADMIN_URL = env.BENCH_PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const AMQP_URL = env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const DB = `bare_try_${process.pid}`;
const LOG_DIR = path.join(os.tmpdir(), `bare-try-${process.pid}`);
const killRole = process.argv[2] === '--kill' ? `bare-${process.argv[3]}` : null;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (s) => console.log(`[try] ${s}`);

/** The subset of bench/run.js's Child that the pipeline uses, plus `respawn()` for the kill test. */
class Child {
  constructor(name, file, args, childEnv, opts = {}) {
    Object.assign(this, { name, file, args, childEnv, opts });
    const out = fs.openSync(path.join(LOG_DIR, `${name}.log`), 'a');
    this.proc = fork(file, args, { env: childEnv, stdio: ['ignore', out, out, 'ipc'], execArgv: opts.nodeArgs || [] });
    this.pid = this.proc.pid;
    this.exited = new Promise((resolve) => this.proc.on('exit', (code, signal) => resolve((this.exitInfo = { code, signal }))));
  }
  get alive() {
    return !this.exitInfo;
  }
  message(pred, timeoutMs) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name}: no answer within ${timeoutMs} ms`)), timeoutMs);
      const on = (m) => pred(m) && (clearTimeout(timer), this.proc.off('message', on), resolve(m));
      this.proc.on('message', on);
    });
  }
  async stop() {
    if (this.alive) this.proc.kill('SIGTERM');
    return this.exited;
  }
  respawn() {
    return new Child(this.name, this.file, this.args, this.childEnv, this.opts);
  }
}

async function admin(sql) {
  const c = new Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function scenario(pipe, db, receiver, receiverUrl, events, fanout, concurrency) {
  const run = `f${fanout}-${Date.now()}`;
  let expected = events * fanout;
  const count = async () => {
    receiver.proc.send({ cmd: 'count', run });
    return (await receiver.message((m) => m.cmd === 'count' && m.run === run, 5000)).received;
  };
  const pub = new Child('publish', path.join(__dirname, '..', 'lib', 'publish.js'), [
    JSON.stringify({ url: `${pipe.url}/events`, apiKey: 'ignored', receiverUrl, run, events, fanout, concurrency }),
  ]);
  const published = pub.message((m) => m && m.result, 300_000);
  if (killRole) {
    for (const deadline = Date.now() + 60_000; (await count()) < expected / 3; await sleep(20)) {
      if (Date.now() > deadline) throw new Error(`${run}: a third of the deliveries did not arrive within 60 s`);
    }
    const victim = pipe.roles[killRole];
    victim.proc.kill('SIGKILL');
    await victim.exited;
    log(`${killRole} killed (SIGKILL) at ${await count()}/${expected} deliveries; restarting it`);
    pipe.roles[killRole] = victim.respawn(); // the same object stop() iterates
    const { port } = await pipe.roles[killRole].message((m) => m && m.ready, 20_000);
    if (port) pipe.url = `http://127.0.0.1:${port}`; // the next scenario posts to the new ingest
  }
  const { posts, startedMs, finishedMs } = (await published).result;
  pub.proc.disconnect();
  // What must arrive is what was accepted: with --kill ingest, POSTs in flight or sent while it
  // was down fail, and those events are the publisher's to retry, not the pipeline's to deliver.
  const accepted = new Set(posts.filter((p) => p[2] === 202).map((p) => p[0]));
  expected = accepted.size * fanout;
  // Wait until everything arrived, or nothing more has for 10 s.
  let n = 0;
  for (let last = -1, since = Date.now(); n < expected && Date.now() - since < 10_000; await sleep(50)) {
    n = await count();
    if (n !== last) [last, since] = [n, Date.now()];
  }
  await sleep(500); // late duplicates, if any
  receiver.proc.send({ cmd: 'collect', run });
  const got = await receiver.message((m) => m.cmd === 'collected' && m.run === run, 30_000);
  const lat = got.arrivals.map(([seq, , t]) => t - posts[seq][1]).sort((a, b) => a - b);
  // Every row relayed and every notification recorded delivered (across the runs so far).
  const left = (
    await db.query(
      'SELECT (SELECT count(*) FROM bare_outbox) AS o, (SELECT count(*) FROM bare_notifications WHERE delivered_at IS NULL) AS n',
    )
  ).rows[0];
  const times = got.arrivals.map((a) => a[2]);
  const first = Math.min(...times);
  const lastT = Math.max(...times);
  return {
    fanout,
    events,
    expected,
    delivered: got.arrivals.length,
    missing: expected - got.arrivals.filter((a) => accepted.has(a[0])).length,
    duplicates: got.duplicates,
    bad_signatures: got.bad_signatures,
    missing_signatures: got.missing_signatures,
    bad_bodies: got.bad_bodies,
    outbox_rows_left: Number(left.o),
    undelivered_rows: Number(left.n),
    non_202: posts.filter((p) => p[2] !== 202).length,
    posts_per_s: Math.round((events / (finishedMs - startedMs)) * 1000),
    deliveries_per_s: Math.round((got.arrivals.length / (lastT - first)) * 1000),
    deliveries_per_s_from_first_post: Math.round((got.arrivals.length / (lastT - startedMs)) * 1000),
    p50_ms: +pct(lat, 50).toFixed(1),
    p99_ms: +pct(lat, 99).toFixed(1),
    max_ms: +pct(lat, 100).toFixed(1),
  };
}

async function main() {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const secret = randomBytes(24).toString('hex');
  await admin(`DROP DATABASE IF EXISTS ${DB}`);
  await admin(`CREATE DATABASE ${DB}`);
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${DB}` }).toString();
  const receiver = new Child('receiver', path.join(__dirname, '..', 'lib', 'receiver.js'), [], { ...env, BENCH_SIGNING_SECRET: secret });
  const { port } = await receiver.message((m) => m && m.ready, 10_000);
  const pipe = await bare.start({ databaseUrl, amqpUrl: AMQP_URL, prefix: `bare-try-${process.pid}.`, signingSecret: secret, Child, log });
  const concurrency = Number(env.TRY_CONCURRENCY || 32);
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  // Once, however many ways the run ends (a signal also fails the scenario in progress).
  let cleaning = null;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await db.end().catch(() => undefined);
      await pipe.stop();
      await receiver.stop();
      await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`); // backends of just-ended children may linger a moment
    })());
  // Ctrl-C (or timeout's SIGTERM) still removes the queues and the scratch database.
  for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => cleanup().finally(() => process.exit(130)));
  try {
    for (const [events, fanout] of [
      [Number(env.TRY_F1_EVENTS || 3000), 1],
      [Number(env.TRY_F10_EVENTS || 300), 10],
    ]) {
      console.log(JSON.stringify(await scenario(pipe, db, receiver, `http://127.0.0.1:${port}/hook`, events, fanout, concurrency)));
    }
  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err.stack || err);
  process.exit(1);
});
