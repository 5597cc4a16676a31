import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '@herald/client';
import { useProjectApi, useProjectId } from '../projects/current-project';
import { unwrap } from '../session/api-error';

export type EventStatus = components['schemas']['EventStatus'];
export type Priority = components['schemas']['Priority'];
export type EventDetail = components['schemas']['EventDetail'];

export const EVENT_STATUSES: EventStatus[] = ['accepted', 'processing', 'completed', 'partially_failed', 'failed'];
export const PRIORITIES: Priority[] = ['high', 'medium', 'low'];

export interface EventQuery {
  status?: string;
  priority?: string;
  event_type?: string;
  date_from?: string;
  date_to?: string;
}

const PER_PAGE = 25;
/** How often an event still on its way is asked for again, so its deliveries appear as they happen. */
export const LIVE_INTERVAL_MS = 2_000;

export const eventsKey = (projectId: string) => ['projects', projectId, 'events'] as const;

/** One page of the project's events, newest first; the previous page stays on screen while the next loads. */
export function useEvents(filters: EventQuery, page: number) {
  const api = useProjectApi();
  const projectId = useProjectId();
  return useQuery({
    queryKey: [...eventsKey(projectId), 'list', filters, page],
    queryFn: async () =>
      unwrap(
        await api.GET('/events', {
          params: {
            query: {
              ...filters,
              status: filters.status as EventStatus | undefined,
              priority: filters.priority as Priority | undefined,
              page,
              per_page: PER_PAGE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Accepted or processing: fan-out or a delivery is still to come. */
export function isSettled(event: Pick<EventDetail, 'status'> | undefined): boolean {
  return event !== undefined && event.status !== 'accepted' && event.status !== 'processing';
}

/**
 * One event with its notifications, asked for again every 2 s until it settles, except while
 * `streamed` (the delivery stream brings its attempts). Fan-out is no attempt: nothing on the
 * stream says it has made the notifications (or suppressed them all), so an accepted event is
 * asked for again anyway.
 */
export function useEvent(eventId: string, { streamed = false } = {}) {
  const api = useProjectApi();
  const projectId = useProjectId();
  return useQuery({
    queryKey: [...eventsKey(projectId), 'detail', eventId],
    queryFn: async () => unwrap(await api.GET('/events/{id}', { params: { path: { id: eventId } } })),
    refetchInterval: (query) => {
      const event = query.state.data;
      if (query.state.error || isSettled(event) || (streamed && event?.status !== 'accepted')) return false;
      return LIVE_INTERVAL_MS;
    },
  });
}
