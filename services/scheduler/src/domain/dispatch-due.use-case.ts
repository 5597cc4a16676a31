import type { Database, Queryable } from '@herald/db';
import { EventRules, EventStoreRepository, storeEvent, templateChannelsOf, categoryDeclaredIn } from '@herald/intake';
import type { Logger } from '@herald/logger';
import type { TopologyNames } from '@herald/messaging';
import type { TargetResolver } from '@herald/net-guard';
import { DueEventRepository, type DueEvent, type Settlement } from '../data/due-event.repository';
import { DISPATCH_ATTEMPTS, expiryReason, failureReason, unprocessableReason } from './settlement-reasons';

/** Rows per transaction: short transactions and few locks held, yet one commit per 50 events. */
export const BATCH_SIZE = 50;

export interface DispatchDeps {
  db: Database;
  names: TopologyNames;
  targets: TargetResolver;
  logger: Logger;
  /** Request bytes loaded per transaction (at least one row always is). */
  batchBytes: number;
  /** Wakes the outbox relay once dispatched events have committed. */
  onCommitted: () => void;
}

export interface TickSummary {
  dispatched: number;
  failed: number;
  expired: number;
  maxLagMs: number;
}

/**
 * Expired, failed or dispatched: decided and written inside the claiming transaction. A
 * dispatch goes through the same intake as POST /events (the event rules, then the event and
 * its outbox message in one statement), so the new event, its outbox row and the status change
 * commit together or not at all.
 */
async function settle(tx: Queryable, names: TopologyNames, targets: TargetResolver, row: DueEvent): Promise<Settlement> {
  let settlement: Settlement;
  if (row.late) {
    settlement = { status: 'expired', reason: expiryReason(row.scheduled_for) };
  } else {
    const rules = new EventRules(targets, templateChannelsOf(tx), categoryDeclaredIn(tx));
    const issues = await rules.check(row.request, ['scheduled_event'], row.project_id, { resolveWebhookTargets: false });
    if (issues.length) {
      settlement = { status: 'failed', reason: failureReason(issues) };
    } else {
      const caller = { projectId: row.project_id, apiKeyId: row.api_key_id, requestId: row.request_id ?? undefined };
      const { event } = await storeEvent(new EventStoreRepository(tx), names, caller, row.request);
      settlement = { status: 'dispatched', eventId: event.id };
    }
  }
  await new DueEventRepository(tx).settle(row.id, settlement);
  return settlement;
}

/** One scheduler tick's work: every due row, a batch per transaction. */
export class DueEventDispatcher {
  constructor(private readonly deps: DispatchDeps) {}

  /** Dispatches until nothing is due (or `keepGoing` turns false between batches, at shutdown). */
  async dispatchDue(keepGoing: () => boolean = () => true): Promise<TickSummary> {
    const summary: TickSummary = { dispatched: 0, failed: 0, expired: 0, maxLagMs: 0 };
    // Rows that failed on their own this tick; they wait for the next one (or expire) instead of looping.
    const skip: string[] = [];
    while (keepGoing()) {
      const more = await this.dispatchBatch(skip, summary);
      if (!more) break;
    }
    return summary;
  }

  async msUntilNextDue(): Promise<number | undefined> {
    return new DueEventRepository(this.deps.db).msUntilNextDue();
  }

  /** Returns true when due rows were left for another batch. */
  private async dispatchBatch(skip: string[], summary: TickSummary): Promise<boolean> {
    let claimed: DueEvent[] = [];
    let more = false;
    try {
      const settled = await this.deps.db.transaction(async (tx) => {
        ({ rows: claimed, more } = await new DueEventRepository(tx).claim(BATCH_SIZE, skip, this.deps.batchBytes));
        const out: Array<[DueEvent, Settlement]> = [];
        for (const row of claimed) out.push([row, await settle(tx, this.deps.names, this.deps.targets, row)]);
        return out;
      });
      for (const [row, s] of settled) this.count(summary, row, s);
      if (settled.some(([, s]) => s.status === 'dispatched')) this.deps.onCommitted();
      return more;
    } catch (err) {
      if (!claimed.length) throw err;
      // One bad row must not hold back the rest: the batch rolled back, so settle its rows one by one.
      this.deps.logger.warn('scheduler batch failed; settling its rows one by one', { error: (err as Error).message });
      for (const row of claimed) await this.dispatchAlone(row.id, skip, summary);
      return more;
    }
  }

  private async dispatchAlone(id: string, skip: string[], summary: TickSummary): Promise<void> {
    try {
      const settled = await this.deps.db.transaction(async (tx) => {
        const row = await new DueEventRepository(tx).claimOne(id);
        return row && ([row, await settle(tx, this.deps.names, this.deps.targets, row)] as const);
      });
      if (!settled) return;
      this.count(summary, settled[0], settled[1]);
      if (settled[1].status === 'dispatched') this.deps.onCommitted();
    } catch (err) {
      skip.push(id);
      await this.failedAlone(id, err as Error, summary);
    }
  }

  /** Counts the failure; the row is retried next tick, and failed with the error once it has failed DISPATCH_ATTEMPTS times. */
  private async failedAlone(id: string, err: Error, summary: TickSummary): Promise<void> {
    const failed = await this.deps.db
      .transaction((tx) => new DueEventRepository(tx).recordFailure(id, DISPATCH_ATTEMPTS, (n) => unprocessableReason(n, err)))
      .catch(() => false); // the database is what failed: nothing counted, the row simply waits
    if (failed) {
      summary.failed += 1;
      this.deps.logger.error('scheduled event failed: it could not be dispatched', { scheduled_event_id: id, error: err.message });
    } else {
      this.deps.logger.error('scheduled event not dispatched; retried next tick', { scheduled_event_id: id, error: err.message });
    }
  }

  private count(summary: TickSummary, row: DueEvent, s: Settlement): void {
    summary[s.status] += 1;
    if (s.status === 'dispatched') summary.maxLagMs = Math.max(summary.maxLagMs, row.lag_ms);
    else this.deps.logger.warn(`scheduled event ${s.status}`, { scheduled_event_id: row.id, reason: s.reason });
  }
}
