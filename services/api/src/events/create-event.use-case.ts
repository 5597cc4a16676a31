import type { Database } from '@herald/db';
import { storeEvent, type Caller, type CreateEventResult, type EventInput, type EventRules, type EventWriter } from '@herald/intake';
import { ValidationFailed } from '@herald/errors';
import type { TopologyNames } from '@herald/messaging';
import type { RepositoryFactory } from '../shared/repositories';
import { unstorableTextIssues } from '../shared/storable-text.rule';
import type { EventsRepositories } from './events.repositories';
import { eventsAccepted } from '@herald/metrics';

export { storeEvent, type Caller, type CreateEventResult } from '@herald/intake';

export interface EventIntake {
  db: Database;
  repositories: RepositoryFactory<EventsRepositories>;
  /** Single events go through the batched writer (group commit); batches use their own transaction. */
  events: EventWriter;
  rules: EventRules;
  names: TopologyNames;
  /** Wakes the outbox relay once the event has committed. */
  onCommitted: () => void;
}

/** Validate, store event + outbox message atomically, and settle idempotent replays. */
export async function createEvent(deps: EventIntake, caller: Caller, input: EventInput): Promise<CreateEventResult> {
  const issues = unstorableTextIssues(input, ['body']);
  if (!issues.length) issues.push(...(await deps.rules.check(input, ['body'], caller.projectId)));
  if (issues.length) throw new ValidationFailed(issues);
  const result = await storeEvent(deps.events, deps.names, caller, input);
  if (result.created) {
    eventsAccepted.inc();
    deps.onCommitted();
  }
  return result;
}
