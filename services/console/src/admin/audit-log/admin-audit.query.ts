import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '@herald/client';
import { unwrap } from '../../session/api-error';
import { useControlApi } from '../../session/session.context';

export type PlatformAuditEntry = components['schemas']['PlatformAuditEntry'];
export type ActorType = PlatformAuditEntry['actor_type'];

export interface PlatformAuditQuery {
  action?: string;
  from?: string;
  organization_id?: string;
  project_id?: string;
  actor_type?: string;
}

const PER_PAGE = 25;

/** GET /admin/audit-log: entries of every plane, newest first. */
export function usePlatformAuditLog(filters: PlatformAuditQuery, page: number) {
  const api = useControlApi();
  const query = { ...filters, actor_type: filters.actor_type as ActorType | undefined, page, per_page: PER_PAGE };
  return useQuery({
    queryKey: ['admin', 'audit-log', query],
    queryFn: async () => unwrap(await api.GET('/admin/audit-log', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}
