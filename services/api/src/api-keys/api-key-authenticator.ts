import { AppError } from '@herald/errors';
import { hashApiKey } from '@herald/secrets';
import type { ApiKeyRecord, TenantRepository } from '../projects/tenant.repository';

export interface AuthContext {
  apiKeyId: string;
  projectId: string;
  scopes: string[];
}

/**
 * Resolves an X-API-Key to its project and scopes through the hash's unique index. Valid keys are
 * cached for a short TTL (API_KEY_CACHE_TTL_MS) so the hot path skips a query; a revoked key
 * therefore works at most that long after revocation.
 */
export class ApiKeyAuthenticator {
  private readonly cache = new Map<string, { record: ApiKeyRecord; expires: number }>();

  constructor(
    private readonly tenants: TenantRepository,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** Who is calling; scopes are checked later, per operation, against what this returns. */
  async identify(key: string | undefined): Promise<AuthContext> {
    if (!key) throw new AppError('unauthenticated', 'missing X-API-Key header');
    const record = await this.lookup(key);
    if (!record) throw new AppError('unauthenticated', 'invalid API key');
    return { apiKeyId: record.id, projectId: record.projectId, scopes: record.scopes };
  }

  private async lookup(key: string): Promise<ApiKeyRecord | undefined> {
    const hash = hashApiKey(key);
    const cached = this.cache.get(hash);
    if (cached && cached.expires > Date.now()) return cached.record;
    const record = await this.tenants.findActiveKeyByHash(hash);
    if (record && this.ttlMs > 0) {
      if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(hash, { record, expires: Date.now() + this.ttlMs });
    }
    return record;
  }
}
