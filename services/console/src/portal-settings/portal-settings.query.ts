import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@herald/client';
import { useProjectApi, useProjectId } from '../projects/current-project';
import { unwrap } from '../session/api-error';

export type PortalSettings = components['schemas']['PortalSettings'];

const keyOf = (projectId: string) => ['portal-settings', projectId];

export function usePortalSettings() {
  const api = useProjectApi();
  return useQuery({ queryKey: keyOf(useProjectId()), queryFn: async () => unwrap(await api.GET('/portal-settings')) });
}

export function useSavePortalSettings() {
  const api = useProjectApi();
  const projectId = useProjectId();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (body: PortalSettings) => unwrap(await api.PUT('/portal-settings', { body })),
    onSuccess: (saved) => queries.setQueryData(keyOf(projectId), saved),
  });
}
