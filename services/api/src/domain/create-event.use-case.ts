import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '@herald/db';
import type { TopologyNames } from '@herald/messaging';
import { EventRepository, type EventSummary } from '../data/event.repository';
import { AppError, ValidationFailed } from './app-error';
import type { EventInput } from './event-input';
import { eventAcceptedMessage } from './event-publisher';
import type { EventRules } from './event-rules';
import { requestHash } from './request-hash';

export interface Caller {
  projectId: string;
  apiKeyId: string;
  requestId?: string;
}

export interface CreateEventResult {
  created: boolean;
  event: EventSummary;
}

export interface EventIntake {
  db: Database;
  rules: EventRules;
  names: TopologyNames;
  /** Wakes the outbox relay once the event has committed. */
  onCommitted: () => void;
}

/** Validate, store event + outbox message atomically, and settle idempotent replays. */
export async function createEvent(deps: EventIntake, caller: Caller, input: EventInput): Promise<CreateEventResult> {
  const issues = await deps.rules.check(input, ['body'], caller.projectId);
  if (issues.length) throw new ValidationFailed(issues);
  const result = await storeEvent(deps.db, deps.names, caller, input);
  if (result.created) deps.onCommitted();
  return result;
}

/** Shared by single and batch intake; `db` may be a transaction. */
export async function storeEvent(
  db: Queryable,
  names: TopologyNames,
  caller: Caller,
  input: EventInput,
  batchId?: string,
): Promise<CreateEventResult> {
  const events = new EventRepository(db);
  const id = randomUUID();
  const hash = requestHash(input);
  const inserted = await events.insertWithOutbox(
    { id, projectId: caller.projectId, apiKeyId: caller.apiKeyId, input, requestHash: hash, batchId, requestId: caller.requestId },
    eventAcceptedMessage(names, id, caller.projectId, caller.requestId),
  );
  if (inserted) return { created: true, event: inserted };

  // Only an idempotency key can make the insert a no-op.
  const existing = await events.findByIdempotencyKey(caller.projectId, input.idempotency_key as string);
  if (!existing) throw new Error('idempotency conflict without an existing event');
  if (existing.request_hash !== hash) {
    throw new AppError(
      'conflict',
      `idempotency_key ${JSON.stringify(input.idempotency_key)} was already used with a different request body`,
    );
  }
  const { request_hash: _ignored, ...event } = existing;
  return { created: false, event };
}
