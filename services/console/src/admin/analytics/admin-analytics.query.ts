import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../session/api-error';
import { useControlApi } from '../../session/session.context';

export interface PlatformAnalyticsQuery {
  date_from?: string;
  date_to?: string;
  organization_id?: string;
  project_id?: string;
}

/** GET /admin/analytics: the project analytics summed over the platform, an organization or a project. */
export function usePlatformAnalytics(query: PlatformAnalyticsQuery) {
  const api = useControlApi();
  return useQuery({
    queryKey: ['admin', 'analytics', query],
    queryFn: async () => unwrap(await api.GET('/admin/analytics', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}
