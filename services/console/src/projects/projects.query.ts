import { useQueries } from '@tanstack/react-query';
import type { components } from '@herald/client';
import { useMe } from '../auth/me.query';
import { unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';

export type Project = components['schemas']['Project'];

export const projectsKey = (organizationId: string) => ['organizations', organizationId, 'projects'] as const;

/** Every project the user can open, by organization (an organization holds at most 50, MAX_PROJECTS_PER_ORGANIZATION). */
export function useAllProjects() {
  const me = useMe();
  const api = useControlApi();
  const organizations = me.data?.organizations ?? [];
  const results = useQueries({
    queries: organizations.map((organization) => ({
      queryKey: projectsKey(organization.id),
      queryFn: async () =>
        unwrap(
          await api.GET('/organizations/{organization_id}/projects', {
            params: { path: { organization_id: organization.id }, query: { per_page: 100 } },
          }),
        ),
    })),
  });
  return {
    isLoading: me.isLoading || results.some((r) => r.isLoading),
    groups: organizations.map((organization, i) => ({ organization, projects: (results[i]?.data?.items ?? []) as Project[] })),
  };
}
