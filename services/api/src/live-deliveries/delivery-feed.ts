import type { Logger } from '@herald/logger';
import type { DeliveryFeedRepository } from './delivery-feed.repository';
import { liveDeliveryOf, type LiveDelivery } from './live-delivery';

/** What the feed hands new attempts to: one open stream. */
export interface FeedViewer {
  readonly projectId: string;
  receive(deliveries: LiveDelivery[]): void;
}

export interface DeliveryFeedOptions {
  pollMs: number;
  /** Attempts read per poll; a full batch is followed by the next poll at once (catching up). */
  batchSize?: number;
  /** The longest a gap in ids holds back the attempts after it (see poll()). */
  gapWaitMs?: number;
}

interface Gap {
  /** The first missing id. */
  id: bigint;
  /** Every transaction that could still write it had started before this. */
  xmax: bigint;
  since: number;
}

/**
 * The one source of live deliveries in an api process: while at least one stream is open it
 * reads the attempts recorded since its cursor, every `pollMs`, and hands each project's to that
 * project's streams; with none open it stops and reads nothing. The delivery path writes nothing
 * for it (docs/architecture.md, "Live deliveries").
 *
 * Ids are handed out in order and never twice, so a stream's `id:` is a cursor that also works
 * on another api process. Attempt ids are taken before their statement commits, so a lower id
 * can become visible after a higher one: a gap holds back what follows it until every
 * transaction that could still fill it has ended (or `gapWaitMs` has passed: a rolled-back
 * attempt leaves a gap for good).
 */
export class DeliveryFeed {
  private readonly viewers = new Map<string, Set<FeedViewer>>();
  private viewerCount = 0;
  private started: Promise<bigint> | undefined;
  /** Every attempt up to here has been handed out (or given up as never coming). */
  private cursor = 0n;
  private gap: Gap | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Bumped at every stop, so a poll in flight from before hands nothing out and schedules nothing. */
  private generation = 0;
  private readonly batchSize: number;
  private readonly gapWaitMs: number;

  constructor(
    private readonly repo: DeliveryFeedRepository,
    private readonly logger: Logger,
    private readonly options: DeliveryFeedOptions,
  ) {
    this.batchSize = options.batchSize ?? 1000;
    this.gapWaitMs = options.gapWaitMs ?? 5000;
  }

  /** Open streams in this process. */
  get size(): number {
    return this.viewerCount;
  }

  /**
   * Adds a stream; resolves to the cursor it joins at: every attempt after it will be handed to
   * the viewer, none at or before it.
   */
  async join(viewer: FeedViewer): Promise<bigint> {
    let group = this.viewers.get(viewer.projectId);
    if (!group) this.viewers.set(viewer.projectId, (group = new Set()));
    group.add(viewer);
    this.viewerCount += 1;
    if (this.started) {
      // Running: the cursor now is exactly where this viewer starts. Starting: where it starts.
      const running = this.cursor;
      const first = await this.started;
      return running === 0n ? first : running;
    }
    try {
      return await this.start();
    } catch (err) {
      this.leave(viewer);
      throw err;
    }
  }

  leave(viewer: FeedViewer): void {
    const group = this.viewers.get(viewer.projectId);
    if (!group?.delete(viewer)) return;
    this.viewerCount -= 1;
    if (group.size === 0) this.viewers.delete(viewer.projectId);
    if (this.viewerCount === 0) this.halt();
  }

  private start(): Promise<bigint> {
    const generation = this.generation;
    const started = this.repo.latestId().then((latest) => {
      if (generation === this.generation) {
        this.cursor = latest;
        this.schedule(generation, this.options.pollMs);
      }
      return latest;
    });
    this.started = started;
    started.catch(() => {
      if (this.started === started) this.started = undefined;
    });
    return started;
  }

  private halt(): void {
    this.generation += 1;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.started = undefined;
    this.cursor = 0n;
    this.gap = undefined;
  }

  private schedule(generation: number, delayMs: number): void {
    this.timer = setTimeout(() => void this.tick(generation), delayMs);
    this.timer.unref();
  }

  private async tick(generation: number): Promise<void> {
    let full = false;
    try {
      full = await this.poll(generation);
    } catch (err) {
      this.logger.warn('live delivery feed read failed; retried', { error: (err as Error).message });
    }
    if (generation === this.generation) this.schedule(generation, full ? 0 : this.options.pollMs);
  }

  /** One read after the cursor; true when the batch was full (more are waiting). */
  private async poll(generation: number): Promise<boolean> {
    const gapSettled = this.gap !== undefined && (await this.gapSettled(this.gap));
    const rows = await this.repo.after(this.cursor, this.batchSize);
    if (generation !== this.generation) return false;
    const handed: LiveDelivery[] = [];
    let expected = this.cursor + 1n;
    for (const row of rows) {
      const id = BigInt(row.id);
      if (id !== expected && !(gapSettled && this.gap?.id === expected)) {
        if (this.gap?.id !== expected) this.gap = { id: expected, xmax: (await this.repo.snapshot()).xmax, since: Date.now() };
        break;
      }
      this.cursor = id;
      expected = id + 1n;
      this.gap = undefined;
      const delivery = liveDeliveryOf(row);
      if (delivery && this.viewers.has(delivery.projectId)) handed.push(delivery);
    }
    if (generation !== this.generation) return false;
    this.handOut(handed);
    return rows.length === this.batchSize && this.gap === undefined;
  }

  /** True once nothing can fill the gap any more. */
  private async gapSettled(gap: Gap): Promise<boolean> {
    if (Date.now() - gap.since >= this.gapWaitMs) return true;
    return (await this.repo.snapshot()).xmin >= gap.xmax;
  }

  private handOut(deliveries: LiveDelivery[]): void {
    const byProject = new Map<string, LiveDelivery[]>();
    for (const d of deliveries) {
      const list = byProject.get(d.projectId);
      if (list) list.push(d);
      else byProject.set(d.projectId, [d]);
    }
    for (const [projectId, list] of byProject) {
      // A copy: a viewer dropped while being handed out leaves the set.
      for (const viewer of [...(this.viewers.get(projectId) ?? [])]) viewer.receive(list);
    }
  }
}
