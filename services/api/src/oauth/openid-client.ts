// openid-client 6 is ESM-only. The api is CommonJS built with `module: node20`, which lets
// Node 20.19+ require() an ES module; this is the one place that loads it.
import client = require('openid-client');

export { client };

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/** Config refuses plain-http provider URLs except on loopback (tests); checked again here before openid-client is told to allow http. */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK.test(url.hostname);
}

export function allowHttpOnLoopback(config: client.Configuration, url: URL): void {
  if (isLoopbackHttp(url)) client.allowInsecureRequests(config);
}

/** How long Herald waits for one provider call (discovery, token, userinfo, GitHub API). */
export const PROVIDER_TIMEOUT_S = 10;
