import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '@herald/client';
import { useProjectApi, useProjectId } from '../projects/current-project';
import { unwrap } from '../session/api-error';
import type { Range } from './range';

export type Analytics = components['schemas']['Analytics'];
export type TrendPoint = components['schemas']['AnalyticsTrends']['series'][number];

/** How many of the latest failures the overview lists; the rest are one link away. */
export const RECENT_FAILURES = 5;

const analyticsKey = (projectId: string) => ['projects', projectId, 'analytics'] as const;

/** Totals, delivery rate and per-channel counts over the range (GET /analytics). */
export function useAnalytics(range: Range) {
  const api = useProjectApi();
  const projectId = useProjectId();
  const query = { date_from: range.dateFrom, date_to: range.dateTo };
  return useQuery({
    queryKey: [...analyticsKey(projectId), 'totals', query],
    queryFn: async () => unwrap(await api.GET('/analytics', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** Notifications per hour or day over the range, oldest first, empty buckets included (GET /analytics/trends). */
export function useTrends(range: Range) {
  const api = useProjectApi();
  const projectId = useProjectId();
  const query = { date_from: range.dateFrom, date_to: range.dateTo, granularity: range.granularity };
  return useQuery({
    queryKey: [...analyticsKey(projectId), 'trends', query],
    queryFn: async () => unwrap(await api.GET('/analytics/trends', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** The newest failed notifications of the range, each with the reason of its last attempt. */
export function useRecentFailures(range: Range) {
  const api = useProjectApi();
  const projectId = useProjectId();
  const query = { status: 'failed' as const, date_from: range.dateFrom, date_to: range.dateTo, per_page: RECENT_FAILURES };
  return useQuery({
    queryKey: ['projects', projectId, 'notifications', 'list', query],
    queryFn: async () => unwrap(await api.GET('/notifications', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}
