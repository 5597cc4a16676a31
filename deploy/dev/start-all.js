#!/usr/bin/env node
/*
 * `npm start`: applies migrations (creating the database if needed), then runs every service as
 * its own process with its output prefixed by the service name. SIGINT/SIGTERM are passed on so
 * each service drains its in-flight work; the launcher exits when all of them have.
 */
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const path = require('node:path');
const readline = require('node:readline');

const root = path.resolve(__dirname, '..', '..');
const SERVICES = ['api', 'fanout', 'webhook-worker', 'email-worker', 'sms-worker', 'scheduler'];
const width = Math.max(...SERVICES.map((s) => s.length));
/**
 * Workers that cannot run without a provider's credentials are left out, with one line saying
 * so, when those are unset: a local `npm start` works without a Twilio account, and SMS
 * deliveries wait in their queue (nothing is lost) until the worker runs.
 */
const NEEDS = { 'sms-worker': ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'] };
const STARTED = SERVICES.filter((name) => {
  const unset = (NEEDS[name] ?? []).filter((variable) => !process.env[variable]);
  if (unset.length) process.stderr.write(`${name.padEnd(width)} | not started: ${unset.join(', ')} unset\n`);
  return unset.length === 0;
});

const migrated = spawnSync(process.execPath, [path.join(root, 'services/api/dist/cli/main.js'), 'migrate'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (migrated.status !== 0) process.exit(migrated.status ?? 1);

const children = new Map();
let stopping = false;

function prefix(stream, name, out) {
  readline.createInterface({ input: stream }).on('line', (line) => out.write(`${name.padEnd(width)} | ${line}\n`));
}

for (const name of STARTED) {
  const child = spawn(process.execPath, [path.join(root, 'services', name, 'dist', 'main.js')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.set(name, child);
  prefix(child.stdout, name, process.stdout);
  prefix(child.stderr, name, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      process.stderr.write(`${name.padEnd(width)} | exited (${signal ?? code}); stopping the others\n`);
      process.exitCode = code || 1;
      stop('SIGTERM');
    }
    if (children.size === 0) process.exit();
  });
}

function stop(signal) {
  stopping = true;
  for (const child of children.values()) child.kill(signal);
}
process.on('SIGINT', () => stop('SIGTERM'));
process.on('SIGTERM', () => stop('SIGTERM'));
