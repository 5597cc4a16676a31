'use strict';
/**
 * What the machine does while the bench runs: CPU per process group (from /proc), what the
 * PostgreSQL backends of the bench database wait on, which statements they ran
 * (pg_stat_statements, when the server preloads it), and peak memory per process.
 */
const fs = require('node:fs');
const os = require('node:os');
const { execFileSync } = require('node:child_process');
const { round, sleep } = require('./stats');

let DB_NAME = 'herald_bench';
/** PostgreSQL backends are told apart by the database name in their process title. */
function setDatabaseName(name) {
  DB_NAME = name;
}

let CLK_TCK = 100;
try {
  CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
} catch {
  /* Linux default */
}

function procTicks() {
  const out = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (d.charCodeAt(0) < 48 || d.charCodeAt(0) > 57) continue;
    try {
      const s = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const close = s.lastIndexOf(')');
      const comm = s.slice(s.indexOf('(') + 1, close);
      const f = s.slice(close + 2).split(' ');
      // fields after the name: state(3) ppid(4) ... utime(14) stime(15) ... starttime(22)
      out.set(Number(d), { comm, ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), start: f[19], waitNs: runqueueWaitNs(d) });
    } catch {
      /* process ended while reading */
    }
  }
  return out;
}

/**
 * Nanoseconds the process's main thread (a Node service's JavaScript) has spent runnable but
 * waiting for a CPU: what two cores shared by every service cost each of them, apart from the
 * CPU it used. 0 where the kernel keeps no schedstat.
 */
function runqueueWaitNs(pid) {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) || 0;
  } catch {
    return 0;
  }
}

function machineTicks() {
  // user nice system idle iowait irq softirq steal guest guest_nice (guest time is already in user)
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  return { total: f.reduce((a, b) => a + b, 0), idle: f[3] + (f[4] || 0), irq: (f[5] || 0) + (f[6] || 0), steal: f[7] || 0 };
}

/** PostgreSQL backends are told apart by the database in their process title. */
const pgTitles = new Map();
function postgresRole(pid) {
  let title = pgTitles.get(pid);
  if (title === undefined) {
    try {
      title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      title = '';
    }
    pgTitles.set(pid, title);
  }
  if (title.includes(` ${DB_NAME} `)) return 'postgres';
  if (/\d\)|\[local\]/.test(title)) return 'other'; // a backend of another database
  return 'postgres-background'; // wal writer, checkpointer, ... (shared by every database)
}

function roleOf(pid, p, pidRole) {
  const known = pidRole.get(pid);
  if (known) return known;
  if (p.comm === 'postgres') return postgresRole(pid);
  if (p.comm === 'beam.smp') return 'rabbitmq';
  if (pid === process.pid) return 'bench-orchestrator';
  if (p.ppid === 2 || pid === 2) return 'kernel';
  return 'other';
}

/**
 * Samples what PostgreSQL backends of the bench database are doing, every 200 ms: the share of
 * non-idle backends per wait event ('running' = on CPU or not waiting), and how many were busy.
 */
const PG_COUNTERS = `SELECT (SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = $1)::float8 AS xacts,
  (SELECT tup_inserted + tup_updated + tup_deleted FROM pg_stat_database WHERE datname = $1)::float8 AS tuples,
  pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 AS wal`;

function pgWaitSampler(pg) {
  if (!pg) return async () => undefined;
  const counts = {};
  const idleInTx = {};
  let samples = 0;
  let active = 0;
  let stopped = false;
  const t0 = process.hrtime.bigint();
  const first = pg
    .query(PG_COUNTERS, [DB_NAME])
    .then((r) => r.rows[0])
    .catch(() => null);
  const tick = async () => {
    await first;
    while (!stopped) {
      try {
        const { rows } = await pg.query(
          `SELECT coalesce(wait_event_type || ':' || wait_event, 'running') AS w, state,
                  left(regexp_replace(query, '\\s+', ' ', 'g'), 60) AS q
             FROM pg_stat_activity
            WHERE datname = $1 AND state <> 'idle' AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
          [DB_NAME],
        );
        samples++;
        for (const r of rows) {
          counts[r.w] = (counts[r.w] || 0) + 1;
          active++;
          if (r.state.startsWith('idle in transaction')) idleInTx[r.q] = (idleInTx[r.q] || 0) + 1;
        }
      } catch {
        return;
      }
      await sleep(200);
    }
  };
  const loop = tick();
  return async () => {
    stopped = true;
    await loop;
    const a = await first;
    const b = await pg
      .query(PG_COUNTERS, [DB_NAME])
      .then((r) => r.rows[0])
      .catch(() => null);
    const sec = Number(process.hrtime.bigint() - t0) / 1e9;
    const share = (obj, n) =>
      Object.entries(obj)
        .sort((x, y) => y[1] - x[1])
        .slice(0, n)
        .map(([w, c]) => `${w} ${Math.round((100 * c) / Math.max(1, active))}%`);
    return {
      samples,
      mean_active_backends: round(active / Math.max(1, samples), 1),
      waits: share(counts, 6),
      idle_in_transaction_after: share(idleInTx, 4),
      // pg_stat_database lags up to ~1 s behind; WAL is cluster-wide (other databases included)
      transactions_per_s: a && b ? Math.round((b.xacts - a.xacts) / sec) : null,
      tuples_written_per_s: a && b ? Math.round((b.tuples - a.tuples) / sec) : null,
      wal_mb_per_s: a && b ? round((b.wal - a.wal) / sec / 2 ** 20, 2) : null,
    };
  };
}

/** Starts a CPU sample; the returned function ends it and gives cores used per process group. */
function cpuSample(roles) {
  const startRoles = roles();
  const before = procTicks();
  const m0 = machineTicks();
  const t0 = process.hrtime.bigint();
  return () => {
    const after = procTicks();
    const m1 = machineTicks();
    const sec = Number(process.hrtime.bigint() - t0) / 1e9;
    const pidRole = new Map();
    for (const r of [startRoles, roles()]) for (const [role, pid] of Object.entries(r)) if (pid) pidRole.set(pid, role);
    const groups = {};
    const others = {};
    const waitedNs = {};
    for (const [pid, a] of after) {
      const b = before.get(pid);
      // Same pid and start time = same process (kernel workers rename themselves as they go).
      const same = b && b.start === a.start;
      const delta = a.ticks - (same ? b.ticks : 0);
      if (delta <= 0) continue;
      const role = roleOf(pid, a, pidRole);
      groups[role] = (groups[role] || 0) + delta;
      waitedNs[role] = (waitedNs[role] || 0) + a.waitNs - (same ? b.waitNs : 0);
      if (role === 'other') others[a.comm] = (others[a.comm] || 0) + delta;
    }
    const runqueueWaitMs = {};
    for (const [k, v] of Object.entries(waitedNs)) if (v > 0) runqueueWaitMs[k] = round(v / 1e6, 0);
    const cores = {};
    for (const [k, v] of Object.entries(groups).sort((x, y) => y[1] - x[1])) cores[k] = round(v / CLK_TCK / sec, 2);
    const machineSpan = Math.max(1, m1.total - m0.total);
    const busy = m1.total - m1.idle - (m0.total - m0.idle);
    const attributed = Object.values(groups).reduce((a, b) => a + b, 0);
    const cpus = os.cpus().length;
    // irq + softirq time (loopback TCP is mostly softirq) and steal belong to no process.
    const irqCores = ((m1.irq - m0.irq) / machineSpan) * cpus;
    const stealCores = ((m1.steal - m0.steal) / machineSpan) * cpus;
    // What is left: processes that started and ended inside the window (other people's test runs).
    const unattributed = (busy / machineSpan) * cpus - irqCores - stealCores - attributed / CLK_TCK / sec;
    const otherTop = Object.entries(others)
      .sort((x, y) => y[1] - x[1])
      .slice(0, 4)
      .map(([k, v]) => `${k} ${round(v / CLK_TCK / sec, 2)}`);
    return {
      seconds: round(sec, 1),
      machine_busy_pct: round((100 * busy) / machineSpan, 0),
      steal_pct: round((100 * (m1.steal - m0.steal)) / machineSpan, 0),
      irq_softirq_cores: round(irqCores, 2),
      cores_used: cores,
      // Main threads only, summed per group: milliseconds runnable but not running.
      runqueue_wait_ms: runqueueWaitMs,
      unattributed_cores: round(Math.max(0, unattributed), 2),
      other_processes: otherTop,
    };
  };
}

function peakRssMb(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? round(Number(m[1]) / 1024, 1) : null;
  } catch {
    return null;
  }
}

/**
 * Statement statistics of the bench database over a window, when the server preloads
 * pg_stat_statements (`shared_preload_libraries = 'pg_stat_statements'`): reset at the start,
 * read at the end. Returns null (and says why once) when it is not available.
 */
async function statementStats(pg) {
  try {
    await pg.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await pg.query('SELECT pg_stat_statements_reset()');
  } catch (err) {
    return { unavailable: `pg_stat_statements: ${err.message.split('\n')[0]}` };
  }
  return {
    async read(units, top = 8) {
      // With pg_stat_statements.track = 'all' (run.js sets it on the bench database) statements
      // run by triggers and functions appear too, marked nested; their time is already inside
      // the top-level statement that fired them, so totals count top-level rows only.
      const { rows } = await pg.query(
        `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS q, calls::float8 AS calls,
                total_exec_time::float8 AS ms, total_plan_time::float8 AS plan_ms, toplevel
           FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
          WHERE d.datname = $1 AND query NOT ILIKE '%pg_stat%'
          ORDER BY total_exec_time DESC`,
        [DB_NAME],
      );
      const topLevel = rows.filter((r) => r.toplevel);
      const total = topLevel.reduce((a, r) => a + r.ms, 0);
      const calls = topLevel.reduce((a, r) => a + r.calls, 0);
      // Planning is outside total_exec_time, and reported only where track_planning is on (run.js).
      const planned = topLevel.reduce((a, r) => a + r.plan_ms, 0);
      return {
        statements_per_unit: units ? round(calls / units, 2) : null,
        exec_ms_per_unit: units ? round(total / units, 3) : null,
        plan_ms_per_unit: units ? round(planned / units, 3) : null,
        top: rows.slice(0, top).map((r) => ({
          query: r.toplevel ? r.q : `(nested) ${r.q}`,
          calls_per_unit: units ? round(r.calls / units, 2) : null,
          mean_ms: round(r.ms / Math.max(1, r.calls), 3),
          mean_plan_ms: round(r.plan_ms / Math.max(1, r.calls), 3),
          share_pct: round((100 * r.ms) / Math.max(1e-9, total), 0),
        })),
      };
    },
  };
}

module.exports = { setDatabaseName, cpuSample, pgWaitSampler, statementStats, peakRssMb };
