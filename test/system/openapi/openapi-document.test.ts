import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { load } from 'js-yaml';
import { useSystem } from '../../support/system-fixture';

const ROOT = join(__dirname, '..', '..', '..');
const REDOCLY = join(ROOT, 'node_modules', '.bin', 'redocly');

const f = useSystem();

describe('openapi.yaml, the contract', () => {
  it("lints clean with Redocly's recommended rules: no error and no warning", async () => {
    // --format=json prints a summary whose totals count what is left after .redocly.lint-ignore.yaml.
    const run = await promisify(execFile)(REDOCLY, ['lint', 'openapi.yaml', '--format=json'], { cwd: ROOT, maxBuffer: 64 << 20 }).catch(
      (err: { stdout: string; stderr: string }) => err,
    );
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{')));
    const problems = (report.problems as Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>).map(
      (p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);

  it('is served by the api at /api/v1/openapi.yaml without a key, exactly as on disk', async () => {
    const res = await f
      .http()
      .get('/api/v1/openapi.yaml')
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (text += c));
        r.on('end', () => done(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/yaml/);
    expect(res.body).toBe(readFileSync(join(ROOT, 'openapi.yaml'), 'utf8'));
    const doc = load(res.body) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/openapi.yaml']).toBeDefined();
  });
});
