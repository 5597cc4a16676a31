import { CacheEvictionListener } from '@herald/db';
import type { Logger } from '@herald/logger';
import type { ApiKeyAuthenticator } from './api-key-authenticator';

/** The channel the `api_keys` triggers notify with a key's id (migration 1763970000000). */
export const API_KEY_CHANGED_CHANNEL = 'herald_api_key_changed';

/**
 * Keeps an api process's key cache honest: every revocation, scope or expiry change and deletion
 * of a key evicts it here when it commits (the listener is also the authenticator's change feed:
 * while it is down, the cache is bypassed).
 */
export function apiKeyChanges(databaseUrl: string, logger: Logger): CacheEvictionListener<ApiKeyAuthenticator> {
  return new CacheEvictionListener({
    url: databaseUrl,
    channel: API_KEY_CHANGED_CHANNEL,
    applicationName: 'herald-api-key-changes',
    what: 'api key',
    logger,
  });
}
