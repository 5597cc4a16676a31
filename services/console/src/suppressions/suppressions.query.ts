import type { components } from '@herald/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useProjectApi, useProjectId } from '../projects/current-project';
import { unwrap } from '../session/api-error';
import type { Channel } from '../shared/channels';

export const PER_PAGE = 25;

export type Suppression = components['schemas']['Suppression'];
export type SuppressionReason = Suppression['reason'];

export const REASONS: Array<{ value: SuppressionReason; label: string }> = [
  { value: 'manual', label: 'Added by hand' },
  { value: 'hard_bounce', label: 'Hard bounce' },
  { value: 'spam_complaint', label: 'Spam complaint' },
];

/** Only recipients unsubscribe (through the link of a category email): never offered in the form. */
const RECIPIENT_REASONS: Array<{ value: SuppressionReason; label: string }> = [{ value: 'unsubscribed', label: 'Unsubscribed' }];

export function reasonLabel(reason: string): string {
  return [...REASONS, ...RECIPIENT_REASONS].find((r) => r.value === reason)?.label ?? reason;
}

export function sourceLabel(source: Suppression['source']): string {
  return { system: 'Herald', recipient: 'The recipient', client: 'A client or member' }[source];
}

/** Everything this area caches for a project, so one invalidation refreshes it after a change. */
const suppressionsKey = (projectId: string) => ['suppressions', projectId] as const;

export function useSuppressionList(channel: Channel | undefined, page: number) {
  const api = useProjectApi();
  return useQuery({
    queryKey: [...suppressionsKey(useProjectId()), 'list', channel, page],
    queryFn: async () =>
      unwrap(await api.GET('/suppressions', { params: { query: { ...(channel ? { channel } : {}), page, per_page: PER_PAGE } } })),
    placeholderData: (previous) => previous,
  });
}

export interface NewSuppression {
  channel: Channel;
  recipient: string;
  reason: SuppressionReason;
}

/** Adds one; `existed` is true when the api answered 200 with the record it already had. */
export function useAddSuppression() {
  const api = useProjectApi();
  const projectId = useProjectId();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewSuppression) => {
      const result = await api.POST('/suppressions', { body });
      return { suppression: unwrap(result), existed: result.response.status === 200 };
    },
    onSuccess: () => queries.invalidateQueries({ queryKey: suppressionsKey(projectId) }),
  });
}

export function useRemoveSuppression() {
  const api = useProjectApi();
  const projectId = useProjectId();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/suppressions/{id}', { params: { path: { id } } })),
    onSettled: () => queries.invalidateQueries({ queryKey: suppressionsKey(projectId) }),
  });
}
