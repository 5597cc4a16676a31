#!/usr/bin/env node
/*
 * `npm run herald -- <command>`: the herald CLI on the database `npm start` uses. With
 * DATABASE_URL set, or PostgreSQL answering on the default address, it runs as is. Otherwise
 * it uses the embedded PostgreSQL `npm start` runs, or, when none runs, starts that same one
 * (same data, same port) for the command's duration. `listen` and `--help` need no database.
 */
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');
const { answers, defaultAddress, embeddedSettings, runningEmbeddedUrl, startEmbeddedPostgres } = require('./embedded-postgres');

const root = path.resolve(__dirname, '..', '..');
const args = process.argv.slice(2);
const NO_DATABASE = new Set(['listen', 'help', '--help', '-h', undefined]);

async function database() {
  if (NO_DATABASE.has(args[0]) || args.includes('--help') || process.env.DATABASE_URL) return null;
  if (await answers(defaultAddress(process.env))) return null;
  const { dir, port } = embeddedSettings(process.env, root);
  const running = runningEmbeddedUrl(dir);
  if (running) return { url: running, stop: async () => {} };
  const embedded = await startEmbeddedPostgres({ dir, port });
  process.stderr.write(
    `herald: started the embedded PostgreSQL (data in ${path.relative(process.cwd(), embedded.dataDir) || embedded.dataDir}) for this command\n`,
  );
  return embedded;
}

async function main() {
  let embedded;
  try {
    embedded = await database();
  } catch (err) {
    process.stderr.write(`herald: cannot start embedded PostgreSQL: ${err.message}\n`);
    process.exit(1);
  }
  const env = embedded ? { ...process.env, DATABASE_URL: embedded.url } : process.env;
  const child = spawn(process.execPath, [path.join(root, 'services/api/dist/cli/main.js'), ...args], {
    cwd: process.cwd(),
    env,
    stdio: 'inherit',
  });
  // Ctrl-C reaches the CLI directly (same process group): this launcher only waits for it.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('close', async (code, signal) => {
    if (embedded) await embedded.stop();
    process.exit(code ?? (signal ? 1 : 0));
  });
}

void main();
