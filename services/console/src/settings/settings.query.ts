import { useQuery } from '@tanstack/react-query';
import { useProjectApi, useProjectId } from '../projects/current-project';
import { unwrap } from '../session/api-error';

/** Read from the api's environment: they change only with a deploy, so a minute's cache is plenty. */
const STALE_MS = 60_000;

export function useChannelSettings() {
  const api = useProjectApi();
  return useQuery({
    queryKey: ['settings', useProjectId(), 'channels'],
    queryFn: async () => unwrap(await api.GET('/settings/channels')),
    staleTime: STALE_MS,
  });
}

export function useRetryPolicies() {
  const api = useProjectApi();
  return useQuery({
    queryKey: ['settings', useProjectId(), 'retry-policies'],
    queryFn: async () => unwrap(await api.GET('/settings/retry-policies')),
    staleTime: STALE_MS,
  });
}
