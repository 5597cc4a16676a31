import type { components } from '@herald/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../session/api-error';
import { useControlApi } from '../../session/session.context';
import type { AdminPermission } from '../admin-permissions';

export type SystemAccount = components['schemas']['SystemAccount'];
export type Credential = components['schemas']['SystemAccountCredential'];

const accountsKey = ['admin', 'system-accounts'] as const;
const credentialsKey = (id: string) => [...accountsKey, id, 'credentials'] as const;

export function useSystemAccounts(page: number) {
  const api = useControlApi();
  return useQuery({
    queryKey: [...accountsKey, 'list', page],
    queryFn: async () => unwrap(await api.GET('/admin/system-accounts', { params: { query: { page, per_page: 25 } } })),
    placeholderData: keepPreviousData,
  });
}

export function useSystemAccount(id: string) {
  const api = useControlApi();
  return useQuery({
    queryKey: [...accountsKey, id],
    queryFn: async () => unwrap(await api.GET('/admin/system-accounts/{id}', { params: { path: { id } } })),
  });
}

export function useCredentials(id: string, page: number) {
  const api = useControlApi();
  return useQuery({
    queryKey: [...credentialsKey(id), page],
    queryFn: async () =>
      unwrap(await api.GET('/admin/system-accounts/{id}/credentials', { params: { path: { id }, query: { page, per_page: 25 } } })),
    placeholderData: keepPreviousData,
  });
}

export function useCreateSystemAccount() {
  const api = useControlApi();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; permissions: AdminPermission[] }) =>
      unwrap(await api.POST('/admin/system-accounts', { body })),
    onSuccess: () => queries.invalidateQueries({ queryKey: accountsKey }),
  });
}

export function useChangeSystemAccount(id: string) {
  const api = useControlApi();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (permissions: AdminPermission[]) =>
      unwrap(await api.PATCH('/admin/system-accounts/{id}', { params: { path: { id } }, body: { permissions } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: accountsKey }),
  });
}

export function useDeleteSystemAccount(id: string) {
  const api = useControlApi();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/admin/system-accounts/{id}', { params: { path: { id } } })),
    // The lists only: reading the deleted account again would replace its page with a 404 before
    // the page has moved on to the list. Dropped, not marked stale: the list the page moves on to
    // would show the deleted account from its cache until the refetch came back.
    onSuccess: () => queries.removeQueries({ queryKey: [...accountsKey, 'list'] }),
  });
}

export function useIssueCredential(id: string) {
  const api = useControlApi();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (expiresAt: string | undefined) =>
      unwrap(
        await api.POST('/admin/system-accounts/{id}/credentials', {
          params: { path: { id } },
          body: expiresAt ? { expires_at: expiresAt } : {},
        }),
      ),
    onSuccess: () => queries.invalidateQueries({ queryKey: credentialsKey(id) }),
  });
}

export function useRevokeCredential(id: string) {
  const api = useControlApi();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (credentialId: string) =>
      unwrap(
        await api.DELETE('/admin/system-accounts/{id}/credentials/{credential_id}', {
          params: { path: { id, credential_id: credentialId } },
        }),
      ),
    onSuccess: () => queries.invalidateQueries({ queryKey: credentialsKey(id) }),
  });
}
