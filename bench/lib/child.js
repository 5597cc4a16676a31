'use strict';
/**
 * Child processes of the bench: every process it starts is tracked, so that every exit path
 * (normal end, failure, Ctrl-C) ends them, and so that CPU use can be attributed by role.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawn, fork } = require('node:child_process');

const ROOT = path.resolve(__dirname, '../..');

/** Every process we started, so that every exit path can end them. */
const children = new Set();
let logDir = null;

function setLogDir(dir) {
  logDir = dir;
}

class Child {
  constructor(name, file, args, childEnv, { ipc = false, nodeArgs = [] } = {}) {
    this.name = name;
    this.tail = [];
    const logFile = fs.createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
    const stdio = ['ignore', 'pipe', 'pipe'];
    this.proc = ipc
      ? fork(file, args, { env: childEnv, stdio: [...stdio, 'ipc'], cwd: ROOT, execArgv: nodeArgs })
      : spawn(process.execPath, [...nodeArgs, file, ...args], { env: childEnv, stdio, cwd: ROOT });
    this.pid = this.proc.pid;
    const keep = (chunk) => {
      logFile.write(chunk);
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.tail.push(line.slice(0, 400));
      if (this.tail.length > 40) this.tail.splice(0, this.tail.length - 40);
    };
    this.proc.stdout.on('data', keep);
    this.proc.stderr.on('data', keep);
    this.exitInfo = null;
    this.exited = new Promise((resolve) => {
      this.proc.on('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        children.delete(this);
        logFile.end();
        resolve(this.exitInfo);
      });
    });
    this.proc.on('error', (err) => this.tail.push(`spawn error: ${err.message}`));
    children.add(this);
  }
  get alive() {
    return this.exitInfo === null;
  }
  describeExit() {
    const e = this.exitInfo;
    return `${this.name} exited (code ${e && e.code}, signal ${e && e.signal}); last output:\n  ${this.tail.slice(-12).join('\n  ')}`;
  }
  message(predicate, timeoutMs) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`${this.name}: no answer within ${timeoutMs} ms`)), timeoutMs);
      const onMsg = (m) => predicate(m) && done(null, m);
      const onExit = () => done(new Error(this.describeExit()));
      const done = (err, m) => {
        clearTimeout(timer);
        this.proc.off('message', onMsg);
        this.proc.off('exit', onExit);
        if (err) reject(err);
        else resolve(m);
      };
      this.proc.on('message', onMsg);
      this.proc.once('exit', onExit);
    });
  }
  async stop(graceMs = 8000) {
    if (!this.alive) return this.exitInfo;
    this.proc.kill('SIGTERM');
    const t = setTimeout(() => this.alive && this.proc.kill('SIGKILL'), graceMs);
    const info = await this.exited;
    clearTimeout(t);
    return info;
  }
}

async function stopAll() {
  await Promise.all([...children].map((c) => c.stop()));
}

process.on('exit', () => {
  for (const c of children) if (c.alive) c.proc.kill('SIGKILL');
});

module.exports = { Child, stopAll, setLogDir, ROOT };
