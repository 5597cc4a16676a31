import { AppError } from '@herald/errors';
import { hashApiKey } from '@herald/secrets';
import type { ActiveApiKey, ApiKeyRepository } from './api-key.repository';
import { UseRecorder } from './api-key-use.recorder';
import type { ProjectIdentity } from '../shared/request-identity';

/** Whether notifications of key changes are arriving now (api-key-changes.listener.ts). */
export interface ChangeFeed {
  readonly live: boolean;
}

const ALWAYS_LIVE: ChangeFeed = { live: true };

/**
 * Resolves an X-API-Key to its project and scopes through the hash's unique index. Valid keys are
 * cached (API_KEY_CACHE_TTL_MS, and never past the key's own expiry) so the hot path skips a
 * query. Revocation, scope changes and deletion evict the key at once through `evict`, called
 * for every change PostgreSQL announces; the TTL only bounds staleness if an announcement is
 * lost, and the cache is bypassed while the change feed is down.
 */
export class ApiKeyAuthenticator {
  private readonly cache = new Map<string, { record: ActiveApiKey; expires: number }>();

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly ttlMs: number,
    private readonly uses: UseRecorder = new UseRecorder(keys),
    private readonly feed: ChangeFeed = ALWAYS_LIVE,
    private readonly maxEntries = 10_000,
  ) {}

  /** Who is calling; scopes are checked later, per operation, against what this returns. */
  async identify(key: string | undefined): Promise<ProjectIdentity> {
    if (!key) throw new AppError('unauthenticated', 'missing X-API-Key header');
    const record = await this.lookup(key);
    if (!record) throw new AppError('unauthenticated', 'invalid API key');
    this.uses.record(record.id);
    return { apiKeyId: record.id, userId: null, projectId: record.projectId, scopes: record.scopes };
  }

  /** Drops a key whose revocation, scopes or expiry changed; the next request reads it again. */
  evict(keyId: string): void {
    for (const [hash, entry] of this.cache) if (entry.record.id === keyId) this.cache.delete(hash);
  }

  /** Drops everything: changes may have been missed (the change feed reconnected). */
  clear(): void {
    this.cache.clear();
  }

  private async lookup(key: string): Promise<ActiveApiKey | undefined> {
    const hash = hashApiKey(key);
    const now = Date.now();
    const cached = this.cache.get(hash);
    if (cached && cached.expires > now && this.feed.live) return cached.record;
    const record = await this.keys.findActiveByHash(hash);
    if (record && this.ttlMs > 0 && this.feed.live) {
      if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
      const keyEnds = record.expiresAt ? record.expiresAt.getTime() : Infinity;
      this.cache.set(hash, { record, expires: Math.min(now + this.ttlMs, keyEnds) });
    }
    return record;
  }
}
