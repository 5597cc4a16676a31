import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const SCHEMA = 'libs/client/src/schema.d.ts';

/**
 * `npm run herald` builds first (preherald), and the README sends the CLI's stdout to a file:
 * `npm run --silent herald -- bootstrap ... > .herald/acme.json`. Whatever the build prints on
 * stdout lands in that file before the JSON. The client's generation step is the build's only
 * talker; it runs here as package.json spells it, writing to a folder of the test's own.
 */
describe('npm run generate:client, the first step of every build', () => {
  it('when it succeeds, then it writes the typed client and prints nothing on stdout', async () => {
    const script: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts['generate:client'];
    expect(script).toContain(SCHEMA);
    const dir = mkdtempSync(join(tmpdir(), 'herald-client-'));
    try {
      const out = join(dir, 'schema.d.ts');
      const { stdout } = await run('sh', ['-c', script.split(SCHEMA).join(out)], {
        cwd: ROOT,
        env: { ...process.env, PATH: `${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH}` },
      });
      expect(stdout).toBe('');
      expect(readFileSync(out, 'utf8')).toContain('export interface paths');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
