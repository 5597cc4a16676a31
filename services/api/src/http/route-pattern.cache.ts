/**
 * express-openapi-validator 5.6 finds a request's operation in lookupRoute
 * (openapi.metadata.js), on every request: `Object.entries(context.expressRouteMap)`, then for
 * each documented route in turn `context.routePair(route)` and a path-to-regexp compile of the
 * route, until one matches. With Herald's spec (~70 routes) that was the largest single item of
 * the api's CPU profile and of its allocations under load. Three exact shortcuts, each keeping
 * what the validator sees the same:
 *
 * - a compiled pattern depends only on its arguments and the validator only reads it
 *   (`regexp.exec` without the global flag, `keys`), so it is compiled once per pattern and
 *   options (looked up without building a key: no string per route per request);
 * - `routePair(route)` depends only on the route maps, which never change after the context is
 *   built, and lookupRoute only reads `.openApiRoute`: one frozen pair per route;
 * - the route map is filled with keyed stores, which leaves V8 holding it as a hash table, and
 *   `Object.entries` of that costs ~3x a plain object's: it is copied once, same keys and the
 *   same values, into an ordinary object, with the literal routes first (see literalRoutesFirst).
 *
 * The shapes this relies on are checked when it is applied (and by its spec), so a release that
 * changes them fails at start-up rather than quietly losing the shortcut or a route.
 * Upstream fix for the compile, not yet released: cdimascio/express-openapi-validator#1217.
 */
type Compile = (path: unknown, options?: Record<string, unknown>) => unknown;

interface RoutePair {
  expressRoute: string;
  openApiRoute: string;
}

interface ContextPrototype {
  routePair(route: string): RoutePair | null;
  buildRouteMaps(routes: unknown[]): void;
}

interface ContextInstance {
  expressRouteMap: Record<string, unknown>;
  openApiRouteMap: Record<string, unknown>;
}

/** A module of the validator's own dependencies or files, wherever npm placed them. */
function fromValidator<T>(request: string): T {
  const from = require.resolve('express-openapi-validator');
  return require(require.resolve(request, { paths: [from] })) as T;
}

function validatorsPathToRegexp(): { pathToRegexp: Compile } {
  return fromValidator('path-to-regexp');
}

function validatorsContext(): ContextPrototype {
  const lib = fromValidator<{ OpenApiContext?: { prototype: ContextPrototype } }>(
    'express-openapi-validator/dist/framework/openapi.context',
  );
  const proto = lib.OpenApiContext?.prototype;
  if (typeof proto?.routePair !== 'function' || typeof proto.buildRouteMaps !== 'function') {
    throw new Error('express-openapi-validator: OpenApiContext.routePair/buildRouteMaps not found; revisit http/route-pattern.cache.ts');
  }
  return proto;
}

/** Routes come from openapi.yaml, never from requests: the bound only guards against misuse. */
const MAX_PATTERNS = 2_000;
const MARK = Symbol.for('herald.route-pattern-cache');
const PAIRS = Symbol('herald.route-pairs');

type Options = Record<string, unknown> | undefined;

/** Same own enumerable keys with identical values (what the validator passes: `{ sensitive, strict }`). */
function sameOptions(a: Options, b: Options): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  let keys = 0;
  for (const key in a) {
    if (!Object.prototype.hasOwnProperty.call(b, key) || a[key] !== b[key]) return false;
    keys++;
  }
  for (const key in b) if (Object.prototype.hasOwnProperty.call(b, key)) keys--;
  return keys === 0;
}

function cacheCompiledPatterns(): void {
  const lib = validatorsPathToRegexp();
  const compile = lib.pathToRegexp as Compile & { [MARK]?: true };
  if (compile[MARK]) return;
  const byPath = new Map<string, Array<{ options: Options; compiled: unknown }>>();
  let size = 0;
  const cached: Compile & { [MARK]?: true } = (path, options) => {
    if (typeof path !== 'string') return compile(path, options);
    const entries = byPath.get(path);
    if (entries) for (const entry of entries) if (sameOptions(entry.options, options)) return entry.compiled;
    const compiled = compile(path, options);
    if (size < MAX_PATTERNS) {
      // A copy: the caller may reuse or change its options object later.
      const entry = { options: options ? { ...options } : undefined, compiled };
      if (entries) entries.push(entry);
      else byPath.set(path, [entry]);
      size++;
    }
    return compiled;
  };
  cached[MARK] = true;
  lib.pathToRegexp = cached;
}

/** An unescaped `:` starts a parameter (the validator writes a literal colon as `\\:`); `*` and `(` are patterns too. */
const PATTERN = /(^|[^\\]):|[*(]/;

/**
 * The same routes and values in an ordinary object, with the routes that have no parameter
 * first. lookupRoute tries routes in this order, and the hot ones (POST /events, /events/batch)
 * are literal: they match on the first tries instead of after every /admin and /auth route.
 * No request matches differently: a literal route matches only its own path, and where a path
 * could also match a parameter route, the validator's own order already tried the literal first.
 */
function literalRoutesFirst(map: Record<string, unknown>): Record<string, unknown> {
  const routes = Object.keys(map);
  const ordered = [...routes.filter((r) => !PATTERN.test(r)), ...routes.filter((r) => PATTERN.test(r))];
  return Object.fromEntries(ordered.map((r) => [r, map[r]]));
}

function cacheRoutePairs(): void {
  const proto = validatorsContext() as ContextPrototype & { [MARK]?: true };
  if (proto[MARK]) return;
  const { routePair, buildRouteMaps } = proto;
  proto.buildRouteMaps = function (this: ContextInstance & { [PAIRS]?: Map<string, RoutePair | null> }, routes) {
    buildRouteMaps.call(this, routes);
    if (!isPlainRecord(this.expressRouteMap) || !isPlainRecord(this.openApiRouteMap)) {
      throw new Error('express-openapi-validator: route maps are no longer plain objects; revisit http/route-pattern.cache.ts');
    }
    this.expressRouteMap = literalRoutesFirst(this.expressRouteMap);
    this[PAIRS] = new Map();
  };
  proto.routePair = function (this: ContextInstance & { [PAIRS]?: Map<string, RoutePair | null> }, route) {
    const pairs = this[PAIRS];
    if (!pairs) return routePair.call(this, route);
    let pair = pairs.get(route);
    if (pair === undefined) {
      const fresh = routePair.call(this, route);
      pair = fresh && Object.freeze(fresh);
      if (pairs.size < MAX_PATTERNS) pairs.set(route, pair);
    }
    return pair;
  };
  proto[MARK] = true;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** Applies the shortcuts once, however often it is called (one per app built). */
export function cacheRoutePatterns(): void {
  cacheCompiledPatterns();
  cacheRoutePairs();
}

/** For the spec: the function the validator calls now. */
export function validatorsCompile(): Compile {
  return validatorsPathToRegexp().pathToRegexp;
}

/** For the spec: the validator's context class, as patched. */
export function validatorsContextClass(): new (spec: unknown, ...rest: unknown[]) => ContextInstance & ContextPrototype {
  return fromValidator<{ OpenApiContext: new (spec: unknown, ...rest: unknown[]) => ContextInstance & ContextPrototype }>(
    'express-openapi-validator/dist/framework/openapi.context',
  ).OpenApiContext;
}
