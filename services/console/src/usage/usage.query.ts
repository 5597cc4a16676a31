import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '@herald/client';
import { useProjectApi, useProjectId } from '../projects/current-project';
import { unwrap } from '../session/api-error';

export type UsageItem = components['schemas']['UsageItem'];

export interface UsageQuery {
  endpoint?: string;
  from?: string;
  to?: string;
}

const PER_PAGE = 25;
/** The chart draws the newest rows the api gives in one page; the table pages through all of them. */
export const CHART_ROWS = 100;

const usageKey = (projectId: string) => ['projects', projectId, 'usage'] as const;

/** One page of requests per endpoint per hour, newest hour first. */
export function useUsage(filters: UsageQuery, page: number, perPage = PER_PAGE) {
  const api = useProjectApi();
  const projectId = useProjectId();
  return useQuery({
    queryKey: [...usageKey(projectId), filters, page, perPage],
    queryFn: async () => unwrap(await api.GET('/usage', { params: { query: { ...filters, page, per_page: perPage } } })),
    placeholderData: keepPreviousData,
  });
}
