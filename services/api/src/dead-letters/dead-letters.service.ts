import { REQUEST_ID_HEADER, type Channel } from '@herald/contracts';
import type { Database } from '@herald/db';
import { type Caller } from '@herald/intake';
import { AppError } from '@herald/errors';
import type { ReplayFilter, RequeueTarget } from './dead-letter.repository';
import type { DeadLettersRepositories } from './dead-letters.repositories';
import type { RepositoryFactory } from '../shared/repositories';
import { refuseUnstorableText } from '../shared/storable-text.rule';

export interface DeadLetterDeps {
  db: Database;
  repositories: RepositoryFactory<DeadLettersRepositories>;
  /** Where requeued deliveries go (TopologyNames.deliveriesExchange), routed by channel. */
  deliveriesExchange: string;
  /** The channel's retry policy maxAttempts: a retried message gets this many attempts afresh. */
  maxAttempts: Record<Channel, number>;
  /** Wakes the outbox relay once requeued deliveries have committed. */
  onCommitted: () => void;
}

/** Rows per bulk-replay transaction: short transactions, bounded locks, bounded outbox batches. */
export const REPLAY_PAGE_SIZE = 500;

export interface BulkReplayInput extends ReplayFilter {
  limit?: number;
}

/** What one committed page of a bulk replay did: records marked retried, and deliveries requeued among them. */
export interface ReplayPage {
  retried: number;
  requeued: number;
}

function notActive(id: string, status: string, verb: string): AppError {
  return new AppError('conflict', `dead-letter message ${id} is ${status}; only an active message can be ${verb}`);
}

/** Retry, discard and bulk replay of dead-lettered deliveries. */
export class DeadLettersService {
  private readonly repos: DeadLettersRepositories;

  constructor(private readonly deps: DeadLetterDeps) {
    this.repos = deps.repositories(deps.db);
  }

  /** One transaction: the record turns retried, the notification processing, and its delivery enters the outbox. */
  async retry(caller: Caller, id: string): Promise<{ id: string; status: 'retried'; requeued: boolean }> {
    const { requeued } = await this.deps.db.transaction(async (tx) => {
      const repo = this.deps.repositories(tx).deadLetters;
      const current = await repo.lock(caller.projectId, id);
      if (!current) throw new AppError('not_found', `dead-letter message ${id} not found`);
      if (current.status !== 'active') throw notActive(id, current.status, 'retried');
      return repo.requeue([id], this.target(caller));
    });
    if (requeued) this.deps.onCommitted();
    return { id, status: 'retried', requeued: requeued > 0 };
  }

  async discard(projectId: string, id: string): Promise<{ id: string; status: 'discarded' }> {
    const repo = this.repos.deadLetters;
    if (await repo.discard(projectId, id)) return { id, status: 'discarded' };
    const current = await repo.find(projectId, id);
    if (!current) throw new AppError('not_found', `dead-letter message ${id} not found`);
    throw notActive(id, String(current.status), 'discarded');
  }

  /**
   * Replays every active record matching the filter, oldest first, up to `limit`, in pages of
   * REPLAY_PAGE_SIZE: each page is its own transaction that locks its rows with SKIP LOCKED, so
   * concurrent replays (or single retries) split the work instead of waiting or doubling it.
   * `onPage` hears of each committed page (the CLI's progress).
   */
  async retryMatching(
    caller: Pick<Caller, 'projectId' | 'requestId'>,
    input: BulkReplayInput,
    onPage: (page: ReplayPage) => void = () => undefined,
  ): Promise<{ requeued: number; limit_reached: boolean }> {
    refuseUnstorableText(input, ['body']);
    const limit = input.limit ?? 10_000;
    let retried = 0;
    let requeued = 0;
    for (;;) {
      const want = Math.min(REPLAY_PAGE_SIZE, limit - retried);
      if (want <= 0) break;
      const page = await this.deps.db.transaction(async (tx) => {
        const repo = this.deps.repositories(tx).deadLetters;
        const ids = await repo.lockActivePage(caller.projectId, input, want);
        return ids.length
          ? { taken: ids.length, ...(await repo.requeue(ids, this.target(caller))) }
          : { taken: 0, retried: 0, requeued: 0 };
      });
      retried += page.retried;
      requeued += page.requeued;
      if (page.requeued) this.deps.onCommitted();
      onPage({ retried: page.retried, requeued: page.requeued });
      if (page.taken < want) break;
    }
    return { requeued, limit_reached: retried >= limit };
  }

  private target(caller: Pick<Caller, 'requestId'>): RequeueTarget {
    return {
      exchange: this.deps.deliveriesExchange,
      maxAttempts: this.deps.maxAttempts,
      headers: caller.requestId ? { [REQUEST_ID_HEADER]: caller.requestId } : {},
    };
  }
}
