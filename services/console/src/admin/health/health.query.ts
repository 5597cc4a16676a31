import { useQuery } from '@tanstack/react-query';
import type { components } from '@herald/client';
import { ApiError, unwrap } from '../../session/api-error';
import { useControlApi } from '../../session/session.context';

export type PlatformHealth = components['schemas']['PlatformHealth'];

/** How often the health page asks again: queue depths move by the second under load. */
export const HEALTH_REFRESH_MS = 2_000;

/** GET /admin/health, asked again every 2 s while the page is open; a refusal (4xx) stops asking. */
export function usePlatformHealth() {
  const api = useControlApi();
  return useQuery({
    queryKey: ['admin', 'health'],
    queryFn: async () => unwrap(await api.GET('/admin/health')),
    refetchInterval: (query) => (query.state.error instanceof ApiError && query.state.error.status < 500 ? false : HEALTH_REFRESH_MS),
    staleTime: 0,
  });
}
