import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { promisify } from 'node:util';

const run = promisify(execFile);
const WORKER = 'services/email-worker/dist/main.js';

/** Starts the compiled email-worker, expected to refuse; returns its exit code, stderr lines and all it printed. */
async function failedStart(env: Record<string, string>) {
  const base = { ...process.env, HERALD_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'), LOG_LEVEL: 'silent', OPS_PORT: '0' };
  const failure = await run('node', [WORKER], { env: { ...base, EMAIL_FROM: 'news@mail.acme.test', ...env }, timeout: 30_000 }).then(
    () => {
      throw new Error('the email-worker started');
    },
    (err: { code: number; stderr: string; stdout: string }) => err,
  );
  return { code: failure.code, lines: failure.stderr.trim().split('\n'), output: failure.stdout + failure.stderr };
}

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
/** The key with its ASN.1 header scrambled, so it no longer parses; none of its lines may appear in what is printed. */
const lines = rsa.split('\n');
const damaged = [lines[0], [...lines[1]].reverse().join(''), ...lines.slice(2)].join('\n');

describe('email-worker start with DKIM settings', () => {
  it.each([
    [
      'the key is not a PEM key',
      { DKIM_DOMAIN: 'acme.test', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: damaged },
      /DKIM_PRIVATE_KEY is not a PEM/,
    ],
    [
      'the domain is not aligned with EMAIL_FROM',
      { DKIM_DOMAIN: 'other.test', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: rsa },
      /DKIM_DOMAIN="other.test" is not aligned with EMAIL_FROM's domain mail.acme.test/,
    ],
    ['the selector is missing', { DKIM_DOMAIN: 'acme.test', DKIM_PRIVATE_KEY: rsa }, /DKIM_SELECTOR is required/],
    [
      'the key file cannot be read',
      { DKIM_DOMAIN: 'acme.test', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY_FILE: '/nonexistent/dkim.pem' },
      /DKIM_PRIVATE_KEY_FILE \(\/nonexistent\/dkim.pem\) cannot be read: ENOENT/,
    ],
  ])('when %s, then the worker exits 78 with one line naming the variable and no key material', async (_case, env, line) => {
    const { code, lines, output } = await failedStart(env);
    expect(code).toBe(78);
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^herald: configuration error: ${line.source}`))]);
    for (const keyLine of damaged.split('\n').slice(1, -2)) expect(output).not.toContain(keyLine);
  });
});
