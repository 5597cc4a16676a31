import type { components } from '@herald/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useProjectApi, useProjectId } from '../projects/current-project';
import { unwrap } from '../session/api-error';

export const PER_PAGE = 25;
/** The api's limit of endpoints per consumer, so one page holds them all. */
const ENDPOINTS_PER_CONSUMER = 20;

export type Consumer = components['schemas']['Consumer'];
export type ConsumerEndpoint = components['schemas']['ConsumerEndpoint'];

/** Everything this area caches for a project, so one invalidation refreshes it after a change. */
export const consumersKey = (projectId: string) => ['consumers', projectId] as const;

function useInvalidate() {
  const projectId = useProjectId();
  const queries = useQueryClient();
  return () => queries.invalidateQueries({ queryKey: consumersKey(projectId) });
}

export function useConsumerList(page: number) {
  const api = useProjectApi();
  return useQuery({
    queryKey: [...consumersKey(useProjectId()), 'list', page],
    queryFn: async () => unwrap(await api.GET('/consumers', { params: { query: { page, per_page: PER_PAGE } } })),
    placeholderData: (previous) => previous,
  });
}

export function useConsumer(uid: string) {
  const api = useProjectApi();
  return useQuery({
    queryKey: [...consumersKey(useProjectId()), 'one', uid],
    queryFn: async () => unwrap(await api.GET('/consumers/{uid}', { params: { path: { uid } } })),
  });
}

export function useEndpoints(uid: string) {
  const api = useProjectApi();
  return useQuery({
    queryKey: [...consumersKey(useProjectId()), 'endpoints', uid],
    queryFn: async () =>
      unwrap(await api.GET('/consumers/{uid}/endpoints', { params: { path: { uid }, query: { per_page: ENDPOINTS_PER_CONSUMER } } })),
  });
}

export function useCreateConsumer() {
  const api = useProjectApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: { uid: string; name: string }) => unwrap(await api.POST('/consumers', { body })),
    onSuccess: invalidate,
  });
}

export function useDeleteConsumer() {
  const api = useProjectApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (uid: string) => unwrap(await api.DELETE('/consumers/{uid}', { params: { path: { uid } } })),
    onSuccess: invalidate,
  });
}

/** Enables an endpoint (clearing its reason and `failing_since`) or disables it with an optional reason. */
export function useSetEndpointEnabled(endpoint: ConsumerEndpoint) {
  const api = useProjectApi();
  const invalidate = useInvalidate();
  const path = { uid: endpoint.consumer_uid, endpoint_id: endpoint.id };
  return useMutation({
    mutationFn: async (change: { enabled: true } | { enabled: false; reason?: string }) =>
      unwrap(
        change.enabled
          ? await api.POST('/consumers/{uid}/endpoints/{endpoint_id}/enable', { params: { path } })
          : await api.POST('/consumers/{uid}/endpoints/{endpoint_id}/disable', {
              params: { path },
              body: change.reason ? { reason: change.reason } : {},
            }),
      ),
    onSettled: invalidate,
  });
}

/** A single-use link that opens the consumer portal as this consumer. */
export function useCreatePortalLink(uid: string) {
  const api = useProjectApi();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/consumers/{uid}/portal-sessions', { params: { path: { uid } }, body: {} })),
  });
}
