import type { components } from '@herald/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../session/api-error';
import { useEndpointScope, type EndpointScope } from '../../shared/endpoint-scope';

export type Endpoint = components['schemas']['ConsumerEndpoint'];
export type EventType = components['schemas']['EventType'];

export const PER_PAGE = 25;

/** Everything the endpoint screens read of the scope's consumers: one invalidation refreshes it after a change. */
export const endpointsKey = (scope: EndpointScope) => [...scope.cacheKey, 'endpoints'] as const;
export const endpointKey = (scope: EndpointScope, id: string) => [...endpointsKey(scope), scope.uid, 'one', id] as const;

/** One page of the consumer's endpoints, oldest first. */
export function useEndpoints(page: number) {
  const scope = useEndpointScope();
  const { api, uid } = scope;
  return useQuery({
    queryKey: [...endpointsKey(scope), uid, 'page', page],
    queryFn: async () =>
      unwrap(await api.GET('/consumers/{uid}/endpoints', { params: { path: { uid }, query: { page, per_page: PER_PAGE } } })),
    placeholderData: keepPreviousData,
  });
}

export function useEndpoint(endpointId: string) {
  const scope = useEndpointScope();
  const { api, uid } = scope;
  return useQuery({
    queryKey: endpointKey(scope, endpointId),
    queryFn: async () =>
      unwrap(await api.GET('/consumers/{uid}/endpoints/{endpoint_id}', { params: { path: { uid, endpoint_id: endpointId } } })),
  });
}

/** A catalogue larger than this is cut short; a consumer can still type any name or pattern. */
const CATALOGUE_PAGES = 10;

/** The project's catalogue of event types, every page of it (by name), for picking subscriptions. */
export function useEventTypes() {
  const { api, cacheKey } = useEndpointScope();
  return useQuery({
    queryKey: [...cacheKey, 'event-types'],
    queryFn: async () => {
      const all: EventType[] = [];
      for (let page = 1; page <= CATALOGUE_PAGES; page++) {
        const answer = unwrap(await api.GET('/event-types', { params: { query: { page, per_page: 100 } } }));
        all.push(...answer.items);
        if (page >= answer.total_pages) break;
      }
      return all;
    },
    staleTime: 60_000,
  });
}
