import { parse } from 'node:url';

/**
 * Node 24 warns once about `url.parse()` (DEP0169), and only for a call from outside
 * node_modules: until such a call, every call, from anywhere, first walks the caller's stack to
 * decide whether to warn (nodejs/node#60991, not in 24.x yet). The validator calls it on every
 * request from inside node_modules, so the warning never fires and the walk never stops: ~5% of
 * the api's CPU under `POST /events`. One call from here, with deprecation warnings muted for its
 * duration, sets Node's once-only flag, and every later call skips the walk. Nothing is hidden
 * from an operator: Herald's own code does not call `url.parse()`. On Node 20 there is no such
 * check and this is one cheap parse.
 */
export function latchUrlParseWarning(): void {
  const muted = process.noDeprecation;
  process.noDeprecation = true;
  try {
    parse('/');
  } finally {
    process.noDeprecation = muted;
  }
}
