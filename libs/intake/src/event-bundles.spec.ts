import type { OutboxRow } from '@herald/outbox';
import { bundleAcceptedEvents } from './event-bundles';

let next = 0;
function row(routingKey: string, headers: Record<string, string> = {}, payload?: unknown): OutboxRow {
  next += 1;
  const id = String(next);
  return {
    id,
    exchange: 'herald.events',
    routing_key: routingKey,
    payload: payload ?? { kind: 'event.accepted', event_id: `e-${id}`, project_id: 'p' },
    headers,
    failed_attempts: 0,
  };
}

describe('bundleAcceptedEvents', () => {
  it('when a pass holds events of two lanes, then each lane travels in chunks, each event with its own headers', () => {
    const medium = [row('event.accepted', { 'x-request-id': 'r1' }), row('event.accepted'), row('event.accepted')];
    const high = [row('event.accepted.high'), row('event.accepted.high')];
    const bundles = bundleAcceptedEvents(2)([medium[0], high[0], medium[1], high[1], medium[2]]);

    expect(bundles.map((b) => [b.routingKey, b.rows.map((r) => r.id)])).toEqual([
      ['event.accepted', [medium[0].id, medium[1].id]],
      ['event.accepted.high', [high[0].id, high[1].id]],
    ]);
    expect(bundles[0].payload).toEqual({
      kind: 'events.accepted',
      events: [
        { event_id: `e-${medium[0].id}`, project_id: 'p', headers: { 'x-request-id': 'r1' } },
        { event_id: `e-${medium[1].id}`, project_id: 'p' },
      ],
    });
    // medium[2] is a chunk of one: it goes as its own message.
    expect(bundles.flatMap((b) => b.rows)).not.toContain(medium[2]);
  });

  it('when rows are not accepted events (requeued deliveries), then they are never bundled', () => {
    const deliveries = [row('webhook', {}, { kind: 'notification.deliver' }), row('webhook', {}, { kind: 'notification.deliver' })];
    expect(bundleAcceptedEvents(10)(deliveries)).toEqual([]);
  });

  it('when one event per message is configured, then nothing is bundled', () => {
    expect(bundleAcceptedEvents(1)([row('event.accepted'), row('event.accepted')])).toEqual([]);
  });
});
