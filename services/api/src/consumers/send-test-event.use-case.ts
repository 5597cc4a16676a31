import { AppError, ValidationFailed } from '@herald/errors';
import { storeEvent, type Caller, type EventInput, type EventRules, type EventSummary, type EventWriter } from '@herald/intake';
import type { TopologyNames } from '@herald/messaging';
import { found } from '../shared/found';
import type { EndpointRepository } from './endpoint.repository';

export interface TestEventDeps {
  endpoints: EndpointRepository;
  events: EventWriter;
  rules: EventRules;
  names: TopologyNames;
  /** Wakes the outbox relay once the event has committed. */
  onCommitted: () => void;
}

export interface TestEventInput {
  event_type?: string;
  payload?: Record<string, unknown>;
}

/** What a test event carries when the caller names nothing. */
export const TEST_EVENT_TYPE = 'herald.test';

/**
 * A real event, through the same rules and pipeline as POST /events (so its delivery shows in the
 * endpoint's deliveries, signed with the endpoint's secret), addressed to this one endpoint
 * whatever its event-type filter: the recipient names the endpoint, which a client's recipient
 * cannot (openapi.yaml's Recipient has no such field). A disabled endpoint gets nothing: 409.
 */
export async function sendTestEvent(
  deps: TestEventDeps,
  caller: Caller,
  uid: string,
  id: string,
  input: TestEventInput,
): Promise<EventSummary> {
  const endpoint = found(await deps.endpoints.find(caller.projectId, uid, id), `endpoint ${id}`);
  if (!endpoint.enabled) throw new AppError('conflict', `endpoint ${id} is disabled (${endpoint.disabled_reason}); enable it first`);
  const event: EventInput = {
    event_type: input.event_type ?? TEST_EVENT_TYPE,
    payload: input.payload ?? { test: true, message: 'A test event sent from Herald' },
    recipients: [{ channels: ['webhook'], consumer: uid, endpoint_id: id }],
    // Webhooks carry the payload; intake still asks every event for one content source.
    inline: { html: '<p>test event</p>' },
    metadata: { test_event: true },
  };
  const issues = await deps.rules.check(event, ['body'], caller.projectId, { resolveWebhookTargets: false });
  if (issues.length) throw new ValidationFailed(issues);
  const { event: stored } = await storeEvent(deps.events, deps.names, caller, event);
  deps.onCommitted();
  return stored;
}
