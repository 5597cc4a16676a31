import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '@herald/client';
import { useProjectApi, useProjectId } from '../projects/current-project';
import { unwrap } from '../session/api-error';

export type AuditEntry = components['schemas']['AuditEntry'];

export interface AuditQuery {
  action?: string;
  from?: string;
}

const PER_PAGE = 25;

/** One page of the project's audit log, newest first. */
export function useAuditLog(filters: AuditQuery, page: number) {
  const api = useProjectApi();
  const projectId = useProjectId();
  return useQuery({
    queryKey: ['projects', projectId, 'audit-log', filters, page],
    queryFn: async () => unwrap(await api.GET('/audit-log', { params: { query: { ...filters, page, per_page: PER_PAGE } } })),
    placeholderData: keepPreviousData,
  });
}
