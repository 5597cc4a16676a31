import type { components } from '@herald/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useProjectApi, useProjectId } from '../projects/current-project';
import { unwrap } from '../session/api-error';

export const PER_PAGE = 25;

export type EventType = components['schemas']['EventType'];

/** What the form sends; `schema` and `example` as parsed JSON, null when the field was left empty. */
export interface EventTypeDraft {
  name: string;
  description: string | null;
  schema: Record<string, unknown> | null;
  example: unknown;
}

/** Everything this area caches for a project, so one invalidation refreshes it after a change. */
const eventTypesKey = (projectId: string) => ['event-types', projectId] as const;

export function useEventTypeList(page: number) {
  const api = useProjectApi();
  return useQuery({
    queryKey: [...eventTypesKey(useProjectId()), 'list', page],
    queryFn: async () => unwrap(await api.GET('/event-types', { params: { query: { page, per_page: PER_PAGE } } })),
    placeholderData: (previous) => previous,
  });
}

function useInvalidate() {
  const projectId = useProjectId();
  const queries = useQueryClient();
  return () => queries.invalidateQueries({ queryKey: eventTypesKey(projectId) });
}

export function useCreateEventType() {
  const api = useProjectApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ name, description, schema, example }: EventTypeDraft) =>
      unwrap(
        await api.POST('/event-types', {
          // An absent example is left out rather than sent as null: null is a payload of its own.
          body: { name, description, ...(schema ? { schema } : {}), ...(example === null ? {} : { example }) },
        }),
      ),
    onSuccess: invalidate,
  });
}

/** Replaces what the form shows: a field emptied in the form clears it (the api's null). */
export function useUpdateEventType() {
  const api = useProjectApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ name, description, schema, example }: EventTypeDraft) =>
      unwrap(await api.PATCH('/event-types/{name}', { params: { path: { name } }, body: { description, schema, example } })),
    onSuccess: invalidate,
  });
}

export function useDeleteEventType() {
  const api = useProjectApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (name: string) => unwrap(await api.DELETE('/event-types/{name}', { params: { path: { name } } })),
    onSettled: invalidate,
  });
}
