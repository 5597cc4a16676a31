'use strict';
/*
 * Keeps a set of service processes running: a service that exits without being asked to is
 * restarted after a backoff (restart-policy.js); one that cannot heal (a configuration error,
 * or crashes too often) stops everything with one line. stop() drains them all, with no
 * restarts while stopping.
 */
const { spawn } = require('node:child_process');
const readline = require('node:readline');
const { RestartPolicy, CONFIG_ERROR_EXIT_CODE, describe } = require('./restart-policy');

/** Exits by these signals are what our own stop() asked for (a child still starting has no handler yet). */
const STOP_SIGNALS = new Set(['SIGTERM', 'SIGINT']);

class Supervisor {
  /**
   * @param {{ services: Array<{ name: string, args: string[], env?: Record<string, string> }>, cwd: string, out: NodeJS.WritableStream,
   *           err: NodeJS.WritableStream, onExit: (code: number) => void, width?: number }} options
   */
  constructor({ services, cwd, out, err, onExit, width = 0 }) {
    this.cwd = cwd;
    this.out = out;
    this.err = err;
    this.onExit = onExit;
    this.width = Math.max(width, ...services.map((s) => s.name.length));
    /** name -> { args, child, startedAt, timer, policy } */
    this.services = new Map(
      services.map((s) => [s.name, { args: s.args, env: s.env, child: null, startedAt: 0, timer: null, policy: new RestartPolicy() }]),
    );
    this.stopping = false;
    /** Set when a child did not stop cleanly or a service gave up: the exit code of the whole run. */
    this.exitCode = 0;
  }

  start() {
    for (const name of this.services.keys()) this.spawn(name);
  }

  /**
   * Graceful stop: SIGTERM to every child, restarts cancelled. Later calls do nothing: one Ctrl-C
   * reaches us twice (from the terminal and forwarded by npm), and each service bounds its own
   * drain by SHUTDOWN_TIMEOUT_MS.
   */
  stop(reason) {
    if (this.stopping) return;
    this.stopping = true;
    if (reason) this.say('herald', reason);
    for (const svc of this.services.values()) {
      clearTimeout(svc.timer);
      svc.timer = null;
      svc.child?.kill('SIGTERM');
    }
    this.exitIfDone();
  }

  spawn(name) {
    const svc = this.services.get(name);
    svc.timer = null;
    const child = spawn(process.execPath, svc.args, {
      cwd: this.cwd,
      env: { ...process.env, ...svc.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    svc.child = child;
    svc.startedAt = Date.now();
    this.say(name, `started (pid ${child.pid})`);
    this.prefix(child.stdout, name, this.out);
    this.prefix(child.stderr, name, this.err);
    child.on('error', (e) => this.say(name, `could not start: ${e.message}`));
    // 'close', not 'exit': the child's last output lines are written before anything reacts.
    child.on('close', (code, signal) => this.exited(name, code, signal));
  }

  exited(name, code, signal) {
    const svc = this.services.get(name);
    svc.child = null;
    const how = describe(code, signal);
    if (this.stopping) {
      const clean = code === 0 || STOP_SIGNALS.has(signal);
      if (!clean) {
        this.say(name, `stopped uncleanly (${how})`);
        this.exitCode ||= 1;
      }
      this.exitIfDone();
      return;
    }
    const uptimeMs = Date.now() - svc.startedAt;
    const decision = svc.policy.onCrash({ code, signal, now: Date.now(), uptimeMs });
    if (decision.action === 'give-up') {
      this.exitCode = code === CONFIG_ERROR_EXIT_CODE ? CONFIG_ERROR_EXIT_CODE : 1;
      // The one line an operator needs: which service, why, and that everything stops.
      this.err.write(`herald: ${name} ${decision.reason}; stopping every service\n`);
      this.stop();
      return;
    }
    this.say(name, `exited (${how}) after ${seconds(uptimeMs)}; restarting in ${seconds(decision.delayMs)}`);
    svc.timer = setTimeout(() => this.spawn(name), decision.delayMs);
  }

  exitIfDone() {
    const running = [...this.services.values()].some((svc) => svc.child);
    if (this.stopping && !running) this.onExit(this.exitCode);
  }

  say(name, message) {
    this.err.write(`${name.padEnd(this.width)} | ${message}\n`);
  }

  prefix(stream, name, out) {
    readline.createInterface({ input: stream }).on('line', (line) => out.write(`${name.padEnd(this.width)} | ${line}\n`));
  }
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

module.exports = { Supervisor };
