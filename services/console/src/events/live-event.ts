import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDeliveryStream } from '../live-deliveries/delivery-stream';
import { useProjectId } from '../projects/current-project';
import { notificationsKey } from '../notifications/notifications.query';
import { eventsKey, isSettled, useEvent } from './events.query';

/**
 * One event, kept current while it settles: by the delivery stream of its attempts (each one
 * refetches the event and that notification's attempts), or by polling every 2 s while the
 * stream is not open (connecting, reconnecting, refused). `streamed` says which.
 */
export function useLiveEvent(eventId: string) {
  const projectId = useProjectId();
  const queryClient = useQueryClient();
  const [streamed, setStreamed] = useState(false);
  const event = useEvent(eventId, { streamed });
  const following = event.data !== undefined && !isSettled(event.data);

  const refetchEvent = () => void queryClient.invalidateQueries({ queryKey: [...eventsKey(projectId), 'detail', eventId] });
  // Ready (or reset) after the page's first fetch: whatever happened in between is fetched, not missed.
  const refetchAll = () => {
    refetchEvent();
    for (const n of event.data?.notifications ?? [])
      void queryClient.invalidateQueries({ queryKey: [...notificationsKey(projectId), 'detail', n.id] });
  };
  const stream = useDeliveryStream(
    { event_id: eventId },
    {
      onDelivery: (delivery) => {
        refetchEvent();
        void queryClient.invalidateQueries({ queryKey: [...notificationsKey(projectId), 'detail', delivery.notification_id] });
      },
      onReady: refetchAll,
      onReset: refetchAll,
    },
    following,
  );

  // Derived from this render's stream state, before the event's query decides whether to poll.
  const live = following && stream.state === 'live';
  if (live !== streamed) setStreamed(live);
  return { event, streamed: live };
}
