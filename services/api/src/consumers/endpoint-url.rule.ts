import type { ValidationIssue } from '@herald/errors';
import { TargetRefusedError, type TargetSession } from '@herald/net-guard';

/**
 * An endpoint URL meets `webhook_url`'s rules (EventRules.webhookTargets): http or https, and a
 * host that resolves to public addresses only, unless SSRF_ALLOW_CIDRS exempts them. Checked
 * when the endpoint is created or its URL changes; the worker's guard checks again at every
 * connection, so a name that later resolves elsewhere is still refused.
 */
export async function endpointUrlIssues(value: string, resolve: TargetSession): Promise<ValidationIssue[]> {
  const loc = ['body', 'url'];
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return [{ loc, msg: 'url must be a valid http or https URL', type: 'value_error' }];
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return [{ loc, msg: 'url must be a valid http or https URL', type: 'value_error' }];
  try {
    await resolve(url.hostname);
    return [];
  } catch (err) {
    if (!(err instanceof TargetRefusedError)) throw err;
    const msg =
      err.reason === 'unresolvable'
        ? `url host ${url.hostname} does not resolve`
        : err.reason === 'timeout'
          ? `url ${err.message}`
          : `url must be a public address: ${err.message}`;
    return [{ loc, msg, type: 'value_error' }];
  }
}
