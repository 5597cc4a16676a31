import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TEST_DATABASE_URL } from '../../support/test-env';

/**
 * What docker-compose.yml relies on: HERALD_SECRETS_KEY empty and HERALD_SECRETS_KEY_FILE in a
 * volume. The first process (compose's migrate) creates the key; every later process, started
 * anew each time, reads the same key, so signing secrets stored under it stay readable.
 */
const run = promisify(execFile);
const CLI = 'services/api/dist/cli/main.js';
const dir = mkdtempSync(join(tmpdir(), 'herald-key-'));
const keyFile = join(dir, 'volume', 'secrets.key');
const env = { PATH: process.env.PATH, DATABASE_URL: TEST_DATABASE_URL, HERALD_SECRETS_KEY: '', HERALD_SECRETS_KEY_FILE: keyFile };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a generated secrets key kept in a file', () => {
  it('is created once, readable by its owner only, and reused by every later start', async () => {
    await run('node', [CLI, 'migrate'], { env });
    const key = readFileSync(keyFile, 'utf8');
    expect(Buffer.from(key.trim(), 'base64')).toHaveLength(32);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    const name = `key-file-${randomUUID()}`;
    const first = JSON.parse((await run('node', [CLI, 'bootstrap', '--name', name], { env })).stdout);
    await run('node', [CLI, 'migrate'], { env });
    // A new process decrypts the project's stored signing secret with the key it read from the file.
    const again = JSON.parse((await run('node', [CLI, 'bootstrap', '--name', name], { env })).stdout);
    expect(again.webhook_signing_secret).toBe(first.webhook_signing_secret);
    expect(readFileSync(keyFile, 'utf8')).toBe(key);
  });
});
