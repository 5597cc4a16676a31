import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../support/free-port';
import { ROOT } from './herald-process';

/**
 * A checkout in a folder only its owner may enter (as root: /root/herald, the usual container
 * case). As root the embedded server runs as the `postgres` user, which cannot enter that folder:
 * its binaries and data must then go where that user can reach them, said in one line, and the
 * server must start. (Run by anyone else, the server runs as the owner, who can enter it.)
 */
const PRIVATE = join(ROOT, '.herald', `private-${randomBytes(3).toString('hex')}`);
const CHECKOUT = join(PRIVATE, 'herald');
const isRoot = process.getuid?.() === 0;
let relocated: string | undefined;

beforeAll(() => {
  // .herald/ exists only once something has used it: on a fresh clone this may run first.
  mkdirSync(join(ROOT, '.herald'), { recursive: true });
  mkdirSync(PRIVATE, { mode: 0o700 });
  // A copy of the checkout's packages (the binaries among them) and of the launcher.
  cpSync(join(ROOT, 'node_modules'), join(CHECKOUT, 'node_modules'), { recursive: true, verbatimSymlinks: true, force: true });
  cpSync(join(ROOT, 'deploy', 'dev'), join(CHECKOUT, 'deploy', 'dev'), { recursive: true });
});

afterAll(() => {
  rmSync(PRIVATE, { recursive: true, force: true });
  if (relocated) rmSync(relocated, { recursive: true, force: true });
});

/** Starts the checkout's embedded PostgreSQL in a process of its own, runs one query, stops it; prints what it said. */
const SCRIPT = `
const { startEmbeddedPostgres } = require('./deploy/dev/embedded-postgres');
const { Client } = require('pg');
(async () => {
  const pg = await startEmbeddedPostgres({ dir: process.argv[1], port: Number(process.argv[2]), auth: 'trust', detached: false, say: (l) => console.log('said: ' + l) });
  const client = new Client(pg.url.replace(/herald$/, 'postgres'));
  await client.connect();
  const { rows } = await client.query('SELECT current_setting($1) AS dir', ['data_directory']);
  await client.end();
  await pg.stop();
  console.log(JSON.stringify({ dataDir: pg.dataDir, served: rows[0].dir }));
})().catch((err) => { console.log('failed: ' + err.message); process.exit(1); });
`;

it('when the checkout is in a folder only its owner may enter, then the embedded PostgreSQL starts and says where its data went', async () => {
  const dir = join(CHECKOUT, '.herald', 'postgres');
  const run = await promisify(execFile)(process.execPath, ['-e', SCRIPT, dir, String(await freePort())], {
    cwd: CHECKOUT,
    timeout: 90_000,
  }).catch((err: { stdout: string; stderr: string }) => err);
  const lines = run.stdout.trim().split('\n');
  const result = JSON.parse(lines[lines.length - 1]) as { dataDir: string; served: string };
  relocated = result.dataDir === dir ? undefined : result.dataDir;
  expect(result.served).toBe(result.dataDir);
  if (isRoot) {
    expect(lines[0]).toMatch(
      new RegExp(
        `^said: the postgres user that runs the server as root cannot reach ${join(CHECKOUT, '.herald')}: .*data in /var/lib/herald/`,
      ),
    );
    expect(result.dataDir.startsWith('/var/lib/herald/data/')).toBe(true);
  } else {
    expect(result.dataDir).toBe(dir);
  }
}, 120_000);
