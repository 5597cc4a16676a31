import type { ApiKeyRepository } from './api-key.repository';

/** `last_used_at` is shown to the minute: each process writes a key's use at most this often. */
export const LAST_USED_RESOLUTION_MS = 60_000;
const MAX_TRACKED = 10_000;

/**
 * Writes `last_used_at` off the request path, at most once a minute per key and process (and
 * the UPDATE skips rows another process touched within the minute), so a busy key costs one
 * small write a minute instead of one per request. A failed write is dropped: the next minute's
 * use writes again.
 */
export class UseRecorder {
  private readonly lastWritten = new Map<string, number>();

  constructor(
    private readonly keys: Pick<ApiKeyRepository, 'touch'>,
    private readonly onError: (err: Error) => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  record(keyId: string): void {
    const now = this.now();
    const last = this.lastWritten.get(keyId);
    if (last !== undefined && now - last < LAST_USED_RESOLUTION_MS) return;
    if (this.lastWritten.size >= MAX_TRACKED) this.lastWritten.clear();
    this.lastWritten.set(keyId, now);
    this.keys.touch(keyId).catch((err: Error) => {
      this.lastWritten.delete(keyId);
      this.onError(err);
    });
  }
}
