/**
 * express-openapi-validator 5.6 finds a request's operation by compiling the path pattern of
 * every documented route, one after another, on every request (lookupRoute in
 * openapi.metadata.js). With Herald's spec that was the largest single item of the api's CPU
 * profile under load (path-to-regexp ~9% self time, the lookup ~14% inclusive). A compiled
 * pattern depends only on its arguments and the validator only reads it (`regexp.exec` without
 * the global flag, `keys`), so remembering it is exact. Upstream fix, not yet released:
 * cdimascio/express-openapi-validator#1217; drop this module once a release caches itself.
 */
type Compile = (path: unknown, options?: Record<string, unknown>) => unknown;

/** The validator's own copy of path-to-regexp, wherever npm placed it. */
function validatorsPathToRegexp(): { pathToRegexp: Compile } {
  const from = require.resolve('express-openapi-validator');
  return require(require.resolve('path-to-regexp', { paths: [from] })) as { pathToRegexp: Compile };
}

/** Routes come from openapi.yaml, never from requests: the bound only guards against misuse. */
const MAX_PATTERNS = 2_000;
const MARK = Symbol.for('herald.route-pattern-cache');

export function cacheRoutePatterns(): void {
  const lib = validatorsPathToRegexp();
  const compile = lib.pathToRegexp as Compile & { [MARK]?: true };
  if (compile[MARK]) return;
  const cache = new Map<string, unknown>();
  const cached: Compile & { [MARK]?: true } = (path, options) => {
    if (typeof path !== 'string') return compile(path, options);
    const key = `${path}\u0000${options ? JSON.stringify(options) : ''}`;
    let hit = cache.get(key);
    if (hit === undefined) {
      hit = compile(path, options);
      if (cache.size < MAX_PATTERNS) cache.set(key, hit);
    }
    return hit;
  };
  cached[MARK] = true;
  lib.pathToRegexp = cached;
}

/** For the spec: the function the validator calls now. */
export function validatorsCompile(): Compile {
  return validatorsPathToRegexp().pathToRegexp;
}
