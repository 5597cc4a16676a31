import { Text } from '@mantine/core';
import type { components } from '@herald/client';

type Counts = Pick<components['schemas']['EventListItem'], 'notification_count' | 'delivered_count' | 'failed_count'>;

/** "2 of 3 delivered, 1 failed": how far an event's notifications got, in words. */
export function DeliveryCounts({ event }: { event: Counts }) {
  if (event.notification_count === 0) return <Text size="sm">none yet</Text>;
  return (
    <Text size="sm">
      {event.delivered_count} of {event.notification_count} delivered
      {event.failed_count > 0 && (
        <Text span c="red.8" fw={600}>
          , {event.failed_count} failed
        </Text>
      )}
    </Text>
  );
}
