import type { components } from '@herald/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../session/api-error';
import { useControlApi } from '../../session/session.context';
import type { AdminPermission } from '../admin-permissions';

export type Administrator = components['schemas']['Administrator'];

const administratorsKey = ['admin', 'administrators'] as const;

export function useAdministrators(page: number) {
  const api = useControlApi();
  return useQuery({
    queryKey: [...administratorsKey, 'list', page],
    queryFn: async () => unwrap(await api.GET('/admin/administrators', { params: { query: { page, per_page: 25 } } })),
    placeholderData: keepPreviousData,
  });
}

export function useAdministrator(id: string) {
  const api = useControlApi();
  return useQuery({
    queryKey: [...administratorsKey, id],
    queryFn: async () => unwrap(await api.GET('/admin/administrators/{id}', { params: { path: { id } } })),
  });
}

export function useAddAdministrator() {
  const api = useControlApi();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (body: { email: string; permissions: AdminPermission[] }) =>
      unwrap(await api.POST('/admin/administrators', { body })),
    onSuccess: () => queries.invalidateQueries({ queryKey: administratorsKey }),
  });
}

export function useChangeAdministrator(id: string) {
  const api = useControlApi();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (permissions: AdminPermission[]) =>
      unwrap(await api.PATCH('/admin/administrators/{id}', { params: { path: { id } }, body: { permissions } })),
    // One's own permissions may have changed: the pages read them from /auth/me.
    onSuccess: () =>
      Promise.all([queries.invalidateQueries({ queryKey: administratorsKey }), queries.invalidateQueries({ queryKey: ['me'] })]),
  });
}

export function useRemoveAdministrator(id: string) {
  const api = useControlApi();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/admin/administrators/{id}', { params: { path: { id } } })),
    // The lists only: reading the removed administrator again would replace its page with a 404
    // before the page has moved on to the list. Dropped, not marked stale: the list would show the
    // removed administrator from its cache until the refetch came back.
    onSuccess: () => {
      queries.removeQueries({ queryKey: [...administratorsKey, 'list'] });
      return queries.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
