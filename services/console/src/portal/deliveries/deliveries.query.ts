import type { components } from '@herald/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../session/api-error';
import { useEndpointScope, type EndpointScope } from '../../shared/endpoint-scope';

export type Delivery = components['schemas']['EndpointDelivery'];
export type DeliveryStatus = components['schemas']['NotificationStatus'];

export const DELIVERY_STATUSES: DeliveryStatus[] = ['processing', 'retrying', 'delivered', 'failed', 'suppressed'];
const PER_PAGE = 25;
const POLL_MS = 2_000;

/** Another attempt is to come: worth asking again soon. */
export const unsettled = (status: DeliveryStatus) => status === 'processing' || status === 'retrying';

export const deliveriesKey = (scope: EndpointScope, endpointId: string) => [...scope.cacheKey, 'deliveries', endpointId] as const;

/**
 * One page of an endpoint's deliveries, newest first, by status. Asked again every 2 s while one
 * of them is still under way, or while `watching` (a test event or a replay was just sent and
 * its delivery has not shown up yet).
 */
export function useDeliveries(endpointId: string, page: number, status: DeliveryStatus | undefined, watching: boolean) {
  const scope = useEndpointScope();
  const { api, uid } = scope;
  return useQuery({
    queryKey: [...deliveriesKey(scope, endpointId), page, status ?? 'all'],
    queryFn: async () =>
      unwrap(
        await api.GET('/consumers/{uid}/endpoints/{endpoint_id}/deliveries', {
          params: { path: { uid, endpoint_id: endpointId }, query: { page, per_page: PER_PAGE, status } },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (watching || query.state.data?.items.some((d) => unsettled(d.status)) ? POLL_MS : false),
  });
}

/** One delivery with every attempt; asked again while another attempt is to come. */
export function useDelivery(endpointId: string, deliveryId: string) {
  const scope = useEndpointScope();
  const { api, uid } = scope;
  return useQuery({
    queryKey: [...deliveriesKey(scope, endpointId), 'one', deliveryId],
    queryFn: async () =>
      unwrap(
        await api.GET('/consumers/{uid}/endpoints/{endpoint_id}/deliveries/{notification_id}', {
          params: { path: { uid, endpoint_id: endpointId, notification_id: deliveryId } },
        }),
      ),
    refetchInterval: (query) => (query.state.data && unsettled(query.state.data.status) ? POLL_MS : false),
  });
}
