import type { components } from '@herald/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useProjectApi, useProjectId } from '../projects/current-project';
import { unwrap } from '../session/api-error';

export const PER_PAGE = 25;

export type ScheduledEvent = components['schemas']['ScheduledEvent'];
export type ScheduledEventStatus = components['schemas']['ScheduledEventStatus'];

/** `processing` is reserved by the specification and never used, so it is not offered. */
export const STATUSES: Array<{ value: ScheduledEventStatus; label: string }> = [
  { value: 'pending', label: 'Pending (waiting for its time)' },
  { value: 'dispatched', label: 'Dispatched' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'failed', label: 'Failed' },
  { value: 'expired', label: 'Expired' },
];

export function knownStatus(value: string): ScheduledEventStatus | undefined {
  return STATUSES.find((s) => s.value === value)?.value;
}

const scheduledEventsKey = (projectId: string) => ['scheduled-events', projectId] as const;

export function useScheduledEventList(status: ScheduledEventStatus | undefined, page: number) {
  const api = useProjectApi();
  return useQuery({
    queryKey: [...scheduledEventsKey(useProjectId()), 'list', status, page],
    queryFn: async () =>
      unwrap(await api.GET('/scheduled-events', { params: { query: { ...(status ? { status } : {}), page, per_page: PER_PAGE } } })),
    placeholderData: (previous) => previous,
  });
}

export function useScheduledEvent(id: string) {
  const api = useProjectApi();
  return useQuery({
    queryKey: [...scheduledEventsKey(useProjectId()), 'detail', id],
    queryFn: async () => unwrap(await api.GET('/scheduled-events/{id}', { params: { path: { id } } })),
  });
}

/** DELETE; whatever it answers, the area is read again so every row shows the event's real state. */
export function useCancelScheduledEvent() {
  const api = useProjectApi();
  const projectId = useProjectId();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/scheduled-events/{id}', { params: { path: { id } } })),
    onSettled: () => queries.invalidateQueries({ queryKey: scheduledEventsKey(projectId) }),
  });
}
