import { NotificationListener } from '@herald/db';
import type { Logger } from '@herald/logger';
import type { ApiKeyAuthenticator, ChangeFeed } from './api-key-authenticator';

/** The channel the `api_keys` triggers notify with a key's id (migration 1763970000000). */
export const API_KEY_CHANGED_CHANNEL = 'herald_api_key_changed';

/**
 * Keeps an api process's key cache honest: PostgreSQL announces every revocation, scope or
 * expiry change and deletion of a key when it commits, and this evicts the key here. After a
 * dropped connection the whole cache is cleared, since announcements made meanwhile are lost.
 */
export class ApiKeyChangesListener implements ChangeFeed {
  private readonly listener: NotificationListener;
  private authenticator: ApiKeyAuthenticator | undefined;

  constructor(databaseUrl: string, logger: Logger) {
    this.listener = new NotificationListener({
      url: databaseUrl,
      channel: API_KEY_CHANGED_CHANNEL,
      applicationName: 'herald-api-key-changes',
      onNotify: (keyId) => this.authenticator?.evict(keyId),
      onResubscribed: () => {
        this.authenticator?.clear();
        logger.info('api key change listener reconnected; key cache cleared');
      },
      onError: (err) => logger.warn('api key change listener lost its connection', { error: err.message }),
    });
  }

  get live(): boolean {
    return this.listener.live;
  }

  async start(authenticator: ApiKeyAuthenticator): Promise<void> {
    this.authenticator = authenticator;
    await this.listener.start();
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }
}
