import { createGuardedDispatcher, type AddressPolicy } from '@herald/net-guard';
import type { WebFetch } from './sns-signature.verifier';

export interface GuardedFetchOptions {
  timeoutMs: number;
  /** Larger answers are refused (a certificate or a confirmation page is a few KiB). */
  maxBytes: number;
}

/**
 * GET through the SSRF-guarded dispatcher: public addresses only (unless SSRF_ALLOW_CIDRS),
 * the checked address is the one dialled, redirects are not followed. A dispatcher per call:
 * these fetches are rare (certificates are cached), so no pool is worth keeping open.
 */
export function guardedFetchText(policy: AddressPolicy, options: GuardedFetchOptions): WebFetch {
  return async (url) => {
    const target = new URL(url);
    const dispatcher = createGuardedDispatcher(policy, { connectTimeoutMs: options.timeoutMs, connections: 1 });
    try {
      const res = await dispatcher.request({
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method: 'GET',
        signal: AbortSignal.timeout(options.timeoutMs),
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
      if (res.statusCode < 200 || res.statusCode >= 300) {
        await res.body.dump({ limit: 16 * 1024 }).catch(() => undefined);
        throw new Error(`GET ${target.origin}${target.pathname} answered HTTP ${res.statusCode}`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > options.maxBytes) {
          res.body.destroy();
          throw new Error(`GET ${target.origin}${target.pathname} answered more than ${options.maxBytes} bytes`);
        }
        chunks.push(chunk);
      }
      return Buffer.concat(chunks).toString('utf8');
    } finally {
      await dispatcher.close().catch(() => undefined);
    }
  };
}
