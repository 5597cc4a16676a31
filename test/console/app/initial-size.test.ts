import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget issue 24 set for what a first visit downloads before the console can draw anything. */
const BUDGET_BYTES = 250 * 1024;
const dist = path.resolve(__dirname, '../../../services/console/dist');

/** The scripts index.html loads or preloads: the entry and the chunks it imports statically. */
function initialScripts(): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map(
    (m) => m[1] ?? m[2],
  );
  return [...new Set(refs)];
}

describe("the console's first load", () => {
  it('when the built console is opened, then the JavaScript it loads before the first page stays under 250 KB gzip', () => {
    const scripts = initialScripts();
    expect(scripts.length).toBeGreaterThan(0);
    const sizes = scripts.map((src) => ({ src, gzip: gzipSync(readFileSync(path.join(dist, src))).length }));
    const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
    // Printed so that a change's cost shows in the test output, not only when it breaks the budget.
    process.stdout.write(
      `console initial JS: ${(total / 1024).toFixed(1)} KB gzip (${sizes.map((s) => `${path.basename(s.src)} ${(s.gzip / 1024).toFixed(1)}`).join(', ')})\n`,
    );
    expect(total).toBeLessThan(BUDGET_BYTES);
  });

  it('when a page of an area is visited, then its code was not part of the first load', () => {
    const initial = initialScripts().map((src) => path.basename(src));
    expect(initial.some((name) => name.startsWith('sign-in-page'))).toBe(false);
    expect(initial.some((name) => name.startsWith('organization-page'))).toBe(false);
  });

  it('when the first page loads, then none of the administration pages is part of it: only administrators fetch them', () => {
    const initial = initialScripts().map((src) => path.basename(src));
    expect(initial.filter((name) => /^(health-page|admin-home)/.test(name))).toEqual([]);
  });

  it('when the first page loads, then the charting code (recharts) is not part of it: only the pages with charts fetch it', () => {
    const withCharts = initialScripts().filter((src) => readFileSync(path.join(dist, src), 'utf8').includes('recharts-wrapper'));
    expect(withCharts).toEqual([]);
    expect(initialScripts().some((src) => /\/(overview|usage)-page/.test(src))).toBe(false);
  });
});
