import type { components } from '@herald/client';
import { useQuery } from '@tanstack/react-query';
import { useProjectApi, useProjectId } from '../projects/current-project';
import { unwrap } from '../session/api-error';
import { listQuery, type DeadLetterFilter } from './dead-letter-filter';

export const PER_PAGE = 25;

export type DeadLetter = components['schemas']['DeadLetterDetail'];

/** Everything this area caches for a project, so one invalidation refreshes the area after an action. */
export const deadLettersKey = (projectId: string) => ['dead-letters', projectId] as const;

export function useDeadLetterList(filter: Partial<DeadLetterFilter>, page: number) {
  const api = useProjectApi();
  const query = listQuery(filter);
  return useQuery({
    queryKey: [...deadLettersKey(useProjectId()), 'list', query, page],
    queryFn: async () => unwrap(await api.GET('/dead-letter', { params: { query: { ...query, page, per_page: PER_PAGE } } })),
    placeholderData: (previous) => previous,
  });
}

/** How many active records a replay with this filter takes: the list's total, asked for one row. */
export function useReplayCount(filter: Partial<DeadLetterFilter>, enabled: boolean) {
  const api = useProjectApi();
  const query = { ...listQuery(filter), status: 'active' as const };
  return useQuery({
    queryKey: [...deadLettersKey(useProjectId()), 'count', query],
    queryFn: async () => unwrap(await api.GET('/dead-letter', { params: { query: { ...query, per_page: 1 } } })).total,
    enabled,
    staleTime: 0,
  });
}

export function useDeadLetter(id: string) {
  const api = useProjectApi();
  return useQuery({
    queryKey: [...deadLettersKey(useProjectId()), 'detail', id],
    queryFn: async () => unwrap(await api.GET('/dead-letter/{id}', { params: { path: { id } } })),
  });
}

/** Statuses after which a notification changes no more. */
const SETTLED = new Set(['delivered', 'failed', 'suppressed']);

/**
 * The dead letter's notification with its attempts. While it is in flight again (after a retry)
 * it is read every two seconds, so the page shows the new attempts as they happen.
 */
export function useDeadLetterNotification(notificationId: string | undefined) {
  const api = useProjectApi();
  return useQuery({
    queryKey: [...deadLettersKey(useProjectId()), 'notification', notificationId],
    queryFn: async () => unwrap(await api.GET('/notifications/{id}', { params: { path: { id: notificationId ?? '' } } })),
    enabled: Boolean(notificationId),
    refetchInterval: (query) => (query.state.data && !SETTLED.has(query.state.data.status) ? 2_000 : false),
  });
}
