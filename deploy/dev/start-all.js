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
const SERVICES = ['api', 'fanout', 'webhook-worker'];
const width = Math.max(...SERVICES.map((s) => s.length));

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

for (const name of SERVICES) {
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
