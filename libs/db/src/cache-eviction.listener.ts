import type { Logger } from '@herald/logger';
import { NotificationListener } from './notification-listener';

/** A cache keyed by the id a trigger announces. */
export interface EvictableCache {
  evict(id: string): void;
  clear(): void;
}

export interface CacheEvictionOptions {
  url: string;
  /** The channel a table's triggers NOTIFY with the changed row's id. */
  channel: string;
  /** Shown in pg_stat_activity, so operators (and tests) can find the connection. */
  applicationName: string;
  /** What the cache holds, for the log lines ("api key", "signing secret"). */
  what: string;
  logger: Logger;
}

/**
 * Keeps a process's cache honest: PostgreSQL announces every change of a cached row when it
 * commits, and the row is evicted here. After a dropped connection the whole cache is cleared,
 * since announcements made meanwhile are lost; `live` is false while it is down, so the cache
 * can be bypassed until then. One mechanism for every cache that triggers keep (API keys in the
 * api, signing secrets in the workers).
 */
export class CacheEvictionListener<C extends EvictableCache = EvictableCache> {
  private readonly listener: NotificationListener;
  private cache: C | undefined;

  constructor({ url, channel, applicationName, what, logger }: CacheEvictionOptions) {
    this.listener = new NotificationListener({
      url,
      channel,
      applicationName,
      onNotify: (id) => this.cache?.evict(id),
      onResubscribed: () => {
        this.cache?.clear();
        logger.info(`${what} change listener reconnected; ${what} cache cleared`);
      },
      onError: (err) => logger.warn(`${what} change listener lost its connection`, { error: err.message }),
    });
  }

  get live(): boolean {
    return this.listener.live;
  }

  async start(cache: C): Promise<void> {
    this.cache = cache;
    await this.listener.start();
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }
}
