import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** What a fresh process prints on stderr when it runs `script` with the built latch at hand. */
function stderrOf(script: string): string {
  const latchModule = path.join(__dirname, '..', '..', 'dist', 'http', 'url-parse-warning.latch.js');
  const run = spawnSync(process.execPath, ['-e', `const { latchUrlParseWarning } = require(${JSON.stringify(latchModule)});\n${script}`], {
    encoding: 'utf8',
  });
  expect(run.status).toBe(0);
  return run.stderr;
}

describe("Node's url.parse() deprecation check", () => {
  it('when the api has latched it, then later calls are past the once-only warning and nothing was printed', () => {
    // Node 24 prints DEP0169 at the first call from outside node_modules; after the latch no call
    // prints it, because the latch's own call was that first call (muted).
    const printed = stderrOf(`latchUrlParseWarning(); require('node:url').parse('/api/v1/events?x=1');`);

    expect(printed).not.toMatch(/DEP0169/);
  });

  it('when the latch has run, then deprecation warnings of anything else are still printed', () => {
    const printed = stderrOf(`latchUrlParseWarning(); process.emitWarning('old thing', 'DeprecationWarning', 'DEP_HERALD_TEST');`);

    expect(printed).toMatch(/DEP_HERALD_TEST/);
  });
});
