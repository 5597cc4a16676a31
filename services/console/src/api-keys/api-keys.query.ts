import { useQuery } from '@tanstack/react-query';
import type { components } from '@herald/client';
import { unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';

export type ApiKey = components['schemas']['ApiKey'];

export const PER_PAGE = 25;

export const apiKeysKey = (projectId: string) => ['projects', projectId, 'api-keys'] as const;

/** One page of the project's keys, newest first (revoked and expired ones included). */
export function useApiKeys(projectId: string, page: number) {
  const api = useControlApi();
  return useQuery({
    queryKey: [...apiKeysKey(projectId), page],
    queryFn: async () =>
      unwrap(
        await api.GET('/projects/{project_id}/api-keys', {
          params: { path: { project_id: projectId }, query: { page, per_page: PER_PAGE } },
        }),
      ),
    placeholderData: (previous) => previous,
  });
}
