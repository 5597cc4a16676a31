import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@herald/client';
import { unwrap } from '../../session/api-error';
import { useControlApi } from '../../session/session.context';

export type AdminApiKey = components['schemas']['AdminApiKey'];
export type KeyStatus = AdminApiKey['status'];

export interface AdminApiKeysQuery {
  organization_id?: string;
  project_id?: string;
  prefix?: string;
  status?: string;
}

const PER_PAGE = 25;
const keysKey = ['admin', 'api-keys'] as const;

/** One page of every project's keys, newest first (GET /admin/api-keys). */
export function useAdminApiKeys(filters: AdminApiKeysQuery, page: number) {
  const api = useControlApi();
  const query = { ...filters, status: filters.status as KeyStatus | undefined, page, per_page: PER_PAGE };
  return useQuery({
    queryKey: [...keysKey, query],
    queryFn: async () => unwrap(await api.GET('/admin/api-keys', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** The key a leaked secret belongs to; the secret goes in the body only, never in a URL or a query key. */
export function useLookupApiKey() {
  const api = useControlApi();
  return useMutation({
    mutationFn: async (secret: string) => unwrap(await api.POST('/admin/api-keys/lookup', { body: { key: secret } })),
  });
}

/** Revokes any project's key; the list is asked again so it shows the key revoked. */
export function useRevokeApiKey() {
  const api = useControlApi();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.POST('/admin/api-keys/{id}/revoke', { params: { path: { id } } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: keysKey }),
  });
}
