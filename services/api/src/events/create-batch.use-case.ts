import { randomUUID } from 'node:crypto';
import { notificationCount, type EventInput } from '@herald/intake';
import { ValidationFailed, type ValidationIssue } from '@herald/errors';
import { storeEvent, type Caller, type EventIntake } from './create-event.use-case';
import { refuseUnstorableText } from '../shared/storable-text.rule';
import { eventsAccepted } from '@herald/metrics';

export interface BatchResult {
  batch_id: string;
  status: 'accepted';
  events_created: number;
  notifications_created: number;
}

/** All or nothing: every event is checked before anything is written, then one transaction. */
export async function createBatch(deps: EventIntake, caller: Caller, inputs: EventInput[]): Promise<BatchResult> {
  refuseUnstorableText(inputs, ['body', 'events']);
  // One DNS answer per distinct webhook host for the whole batch, however many events name it.
  const targets = deps.rules.targetSession();
  const issues = (
    await Promise.all(inputs.map((input, i) => deps.rules.check(input, ['body', 'events', i], caller.projectId, { targets })))
  ).flat();
  issues.push(...duplicateKeys(inputs));
  if (issues.length) throw new ValidationFailed(issues);

  const batchId = randomUUID();
  const results = await deps.db.transaction(async (tx) => {
    const { eventStore } = deps.repositories(tx);
    const stored = [];
    for (const input of inputs) stored.push({ input, ...(await storeEvent(eventStore, deps.names, caller, input, batchId)) });
    return stored;
  });
  const created = results.filter((r) => r.created);
  if (created.length) {
    eventsAccepted.inc(created.length);
    deps.onCommitted();
  }
  return {
    batch_id: batchId,
    status: 'accepted',
    events_created: created.length,
    notifications_created: created.reduce((n, r) => n + notificationCount(r.input), 0),
  };
}

function duplicateKeys(inputs: EventInput[]): ValidationIssue[] {
  const seen = new Map<string, number>();
  const issues: ValidationIssue[] = [];
  inputs.forEach((input, i) => {
    const key = input.idempotency_key;
    if (key === undefined) return;
    const first = seen.get(key);
    if (first !== undefined) {
      issues.push({
        loc: ['body', 'events', i, 'idempotency_key'],
        msg: `idempotency_key repeats the key of events[${first}]`,
        type: 'value_error',
      });
    } else seen.set(key, i);
  });
  return issues;
}
