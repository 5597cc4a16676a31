import type { AttemptRow, StreamFilters } from './delivery-feed.repository';

/** One attempt ready to send: its project (to route it), what filters read, and its SSE frame. */
export interface LiveDelivery {
  cursor: bigint;
  projectId: string;
  channel: string;
  outcome: string;
  eventId: string;
  /** `id:`, `event: delivery` and `data:` (openapi.yaml, DeliveryStreamMessage). */
  frame: string;
}

/** Null for an attempt whose notification is gone: nobody can be shown it. */
export function liveDeliveryOf(row: AttemptRow): LiveDelivery | null {
  if (row.project_id === null || row.event_id === null || row.channel === null) return null;
  const data = {
    notification_id: row.notification_id,
    event_id: row.event_id,
    event_type: row.event_type,
    recipient: row.recipient,
    channel: row.channel,
    outcome: row.outcome,
    attempt: row.attempt,
    error: row.error,
    latency_ms: row.latency_ms,
    // From the event's acceptance to this attempt's record: what a sender waited, retries included.
    since_accepted_ms: row.accepted_at ? Math.max(0, row.at.getTime() - row.accepted_at.getTime()) : null,
    at: row.at.toISOString(),
  };
  return {
    cursor: BigInt(row.id),
    projectId: row.project_id,
    channel: row.channel,
    outcome: row.outcome,
    eventId: row.event_id,
    frame: `id: ${row.id}\nevent: delivery\ndata: ${JSON.stringify(data)}\n\n`,
  };
}

export function matches(delivery: LiveDelivery, filters: StreamFilters): boolean {
  return (
    (filters.channel === undefined || delivery.channel === filters.channel) &&
    (filters.outcome === undefined || delivery.outcome === filters.outcome) &&
    (filters.event_id === undefined || delivery.eventId === filters.event_id)
  );
}
