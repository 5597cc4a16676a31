import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(__dirname, '../../../services/console/dist');

/** The scripts an html page of the build loads or preloads. */
function pageScripts(page: string): string[] {
  const html = readFileSync(path.join(dist, page), 'utf8');
  return [...html.matchAll(/<script[^>]+src="\/assets\/([^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([^"]+\.js)"/g)].map(
    (m) => (m[1] ?? m[2])!,
  );
}

/** Every chunk a page can ever load: its scripts and, transitively, what they import (statically or on demand). */
function reachable(page: string): Set<string> {
  const seen = new Set<string>();
  const queue = pageScripts(page);
  while (queue.length) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const code = readFileSync(path.join(dist, 'assets', name), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*\(?\s*"\.\/([^"]+\.js)"/g)) queue.push(m[1]!);
  }
  return seen;
}

describe("the portal's bundle", () => {
  it("when portal.html is opened, then nothing it loads, now or later, is the console's own entry or one of the console's screens", () => {
    const portal = reachable('portal.html');
    const consoleEntry = pageScripts('index.html').find((name) => name.startsWith('main-'));
    expect(consoleEntry).toBeDefined();
    expect(portal.has(consoleEntry!)).toBe(false);
    expect([...portal].some((name) => name.startsWith('portal-'))).toBe(true);
    // The console's screens are chunks of their own; none is within the portal's reach.
    expect([...portal].filter((name) => /^(sign-in-page|organization-page|api-keys-page|health-page|send-test-page)-/.test(name))).toEqual(
      [],
    );
  });

  it("when the portal's first load is measured, then it stays under the console's budget of 250 KB gzip", () => {
    const total = pageScripts('portal.html').reduce((sum, name) => sum + gzipSync(readFileSync(path.join(dist, 'assets', name))).length, 0);
    process.stdout.write(`portal initial JS: ${(total / 1024).toFixed(1)} KB gzip\n`);
    expect(total).toBeLessThan(250 * 1024);
  });
});
