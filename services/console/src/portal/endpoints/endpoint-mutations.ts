import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../session/api-error';
import { useEndpointScope } from '../../shared/endpoint-scope';
import type { EndpointValues } from './endpoint-form';
import { endpointKey, endpointsKey, type Endpoint } from './endpoints.query';

/** Every change to an endpoint, each refreshing what it makes stale. */
export function useEndpointMutations(endpointId?: string) {
  const scope = useEndpointScope();
  const { api, uid } = scope;
  const queries = useQueryClient();
  const path = { uid, endpoint_id: endpointId ?? '' };
  const refreshed = (endpoint?: Endpoint) => {
    if (endpoint) queries.setQueryData(endpointKey(scope, endpoint.id), endpoint);
    return queries.invalidateQueries({ queryKey: endpointsKey(scope) });
  };

  const create = useMutation({
    mutationFn: async (values: EndpointValues) =>
      unwrap(await api.POST('/consumers/{uid}/endpoints', { params: { path: { uid } }, body: values })),
    onSuccess: (created) => refreshed(created),
  });

  /** The settings, then enabled or disabled when that changed (the api takes it through its own calls). */
  const update = useMutation({
    mutationFn: async ({ values, wasEnabled }: { values: EndpointValues; wasEnabled: boolean }) => {
      const { enabled, ...settings } = values;
      let endpoint = unwrap(await api.PATCH('/consumers/{uid}/endpoints/{endpoint_id}', { params: { path }, body: settings }));
      if (enabled !== wasEnabled) endpoint = await switchOn(enabled);
      return endpoint;
    },
    onSuccess: (endpoint) => refreshed(endpoint),
  });

  const switchOn = async (on: boolean) =>
    on
      ? unwrap(await api.POST('/consumers/{uid}/endpoints/{endpoint_id}/enable', { params: { path } }))
      : unwrap(
          await api.POST('/consumers/{uid}/endpoints/{endpoint_id}/disable', {
            params: { path },
            body: { reason: 'disabled in the portal' },
          }),
        );

  const toggle = useMutation({ mutationFn: switchOn, onSuccess: (endpoint) => refreshed(endpoint) });

  const remove = useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/consumers/{uid}/endpoints/{endpoint_id}', { params: { path } })),
    onSuccess: () => {
      queries.removeQueries({ queryKey: endpointKey(scope, path.endpoint_id) });
      return refreshed();
    },
  });

  const rotate = useMutation({
    mutationFn: async (gracePeriodSeconds: number) =>
      unwrap(
        await api.POST('/consumers/{uid}/endpoints/{endpoint_id}/secret/rotate', {
          params: { path },
          body: { grace_period_seconds: gracePeriodSeconds },
        }),
      ),
    onSuccess: () => queries.invalidateQueries({ queryKey: endpointKey(scope, path.endpoint_id) }),
  });

  const sendTest = useMutation({
    mutationFn: async () => unwrap(await api.POST('/consumers/{uid}/endpoints/{endpoint_id}/test', { params: { path } })),
  });

  const replay = useMutation({
    mutationFn: async (since: string) =>
      unwrap(await api.POST('/consumers/{uid}/endpoints/{endpoint_id}/replay', { params: { path }, body: { since } })),
  });

  return { create, update, toggle, remove, rotate, sendTest, replay };
}
