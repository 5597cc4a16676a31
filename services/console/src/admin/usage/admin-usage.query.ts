import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { paths } from '@herald/client';
import { unwrap } from '../../session/api-error';
import { useControlApi } from '../../session/session.context';

export type PlatformUsageItem = NonNullable<
  paths['/admin/usage']['get']['responses']['200']['content']['application/json']['items']
>[number];

export interface PlatformUsageQuery {
  from?: string;
  to?: string;
  organization_id?: string;
  project_id?: string;
  endpoint?: string;
}

const PER_PAGE = 25;
/** The chart draws the newest rows of one page; the table pages through all of them. */
export const CHART_ROWS = 100;

/** GET /admin/usage: requests per hour, project and endpoint over the platform, newest hour first. */
export function usePlatformUsage(filters: PlatformUsageQuery, page: number, perPage = PER_PAGE) {
  const api = useControlApi();
  const query = { ...filters, page, per_page: perPage };
  return useQuery({
    queryKey: ['admin', 'usage', query],
    queryFn: async () => unwrap(await api.GET('/admin/usage', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}
