import { createHash } from 'node:crypto';
import type { EventInput } from './event-input';

/** Key order must not matter: `{a,b}` and `{b,a}` are the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** Fingerprint of a request body, stored with the event to tell a true retry from a reused key. */
export function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

/**
 * What an event stores to settle replays: only a keyed request can be replayed, so only it needs
 * the fingerprint (the canonical copy and hash cost the api ~4% of its CPU per event).
 */
export function replayFingerprint(input: EventInput): string | null {
  return input.idempotency_key === undefined ? null : requestHash(input);
}
