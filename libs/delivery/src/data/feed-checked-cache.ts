import { Coalescer } from '@herald/db';

/** A row as read, and how long it may be served from the cache (from before the read). */
export interface Fresh<V> {
  value: V;
  validForMs: number;
}

interface Entry<V> {
  value: V;
  validUntil: number;
}

/** Bounds memory if a worker serves very many rows; a cleared cache only costs a read. */
const MAX_ENTRIES = 10_000;

/**
 * Rows by id, read in batches (one statement for many ids) and cached. A cached entry is trusted
 * only while the change feed is live: a trigger announces every change of a cached row when it
 * commits and the entry is dropped (`evict`), so a change applies at once; while the feed is down
 * nothing is cached or served from the cache. A read that started before an eviction does not
 * fill the cache, or it could put back what the eviction removed.
 */
export class FeedCheckedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly reads: Coalescer<string, Fresh<V> | undefined>;
  /** Moves on every eviction. */
  private epoch = 0;

  constructor(
    read: (ids: string[]) => Promise<Array<Fresh<V> | undefined>>,
    private readonly feed: { readonly live: boolean },
    private readonly now: () => number = Date.now,
  ) {
    this.reads = new Coalescer(read, { maxBatch: 100, concurrency: 2, key: (id) => id });
  }

  /** undefined when there is no such row. */
  async get(id: string): Promise<V | undefined> {
    const trusted = this.feed.live;
    if (trusted) {
      const hit = this.entries.get(id);
      if (hit && hit.validUntil > this.now()) return hit.value;
    }
    const epoch = this.epoch;
    const started = this.now();
    const fresh = await this.reads.submit(id);
    if (!fresh) return undefined;
    if (trusted && this.feed.live && epoch === this.epoch) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(id, { value: fresh.value, validUntil: started + fresh.validForMs });
    }
    return fresh.value;
  }

  evict(id: string): void {
    this.epoch += 1;
    this.entries.delete(id);
  }

  clear(): void {
    this.epoch += 1;
    this.entries.clear();
  }
}
