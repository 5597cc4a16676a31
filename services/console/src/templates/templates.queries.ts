import type { components } from '@herald/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useProjectApi, useProjectId } from '../projects/current-project';
import { unwrap } from '../session/api-error';

export type Template = components['schemas']['Template'];
export type TemplateCreate = components['schemas']['TemplateCreate'];
export type TemplatePatch = components['schemas']['TemplateContentPatch'];
export type TemplatePreview = components['schemas']['TemplatePreview'];
export type Channel = components['schemas']['Channel'];

/** What the preview renders: the parts being edited, not the stored template. */
export interface PreviewRequest {
  channel: Channel;
  subject: string | null;
  body: string;
  text_body: string | null;
  variables: Record<string, unknown>;
}

const keys = {
  all: (projectId: string) => ['templates', projectId] as const,
  list: (projectId: string, query: object) => ['templates', projectId, 'list', query] as const,
  one: (projectId: string, id: string) => ['templates', projectId, 'one', id] as const,
};

export const PER_PAGE = 25;

export function useTemplates(query: { channel?: Channel; page: number }) {
  const api = useProjectApi();
  const projectId = useProjectId();
  return useQuery({
    queryKey: keys.list(projectId, query),
    queryFn: async () => unwrap(await api.GET('/templates', { params: { query: { ...query, per_page: PER_PAGE } } })),
    placeholderData: keepPreviousData,
  });
}

export function useTemplate(id: string) {
  const api = useProjectApi();
  const projectId = useProjectId();
  return useQuery({
    queryKey: keys.one(projectId, id),
    queryFn: async () => unwrap(await api.GET('/templates/{id}', { params: { path: { id } } })),
  });
}

/** Renders unsaved content with sample values; `undefined` (nothing to render yet) asks nothing. */
export function useTemplatePreview(request: PreviewRequest | undefined) {
  const api = useProjectApi();
  const projectId = useProjectId();
  return useQuery({
    queryKey: ['templates', projectId, 'preview', request],
    queryFn: async () => unwrap(await api.POST('/templates/preview', { body: request! })),
    enabled: request !== undefined,
    // The last rendering stays on screen while the next one is on its way, so the frame does not blink.
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Infinity,
  });
}

/** Every write leaves the lists and the template's page to be read again. */
function useTemplateMutation<I, O>(run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  const projectId = useProjectId();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: keys.all(projectId) }) });
}

export function useCreateTemplate() {
  const api = useProjectApi();
  return useTemplateMutation(async (body: TemplateCreate) => unwrap(await api.POST('/templates', { body })));
}

export function useUpdateTemplate(id: string) {
  const api = useProjectApi();
  return useTemplateMutation(async (body: TemplatePatch) => unwrap(await api.PUT('/templates/{id}', { params: { path: { id } }, body })));
}

/**
 * The deleted template's own query is dropped, not read again: a refetch would answer 404 and
 * replace the page (and this mutation's caller) before `onDeleted` could move on.
 */
export function useDeleteTemplate(id: string, onDeleted: () => void) {
  const api = useProjectApi();
  const client = useQueryClient();
  const projectId = useProjectId();
  return useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/templates/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      client.removeQueries({ queryKey: keys.one(projectId, id) });
      onDeleted();
      return client.invalidateQueries({ queryKey: [...keys.all(projectId), 'list'] });
    },
  });
}

export function useImportTemplate() {
  const api = useProjectApi();
  return useTemplateMutation(async (body: { name: string; subject?: string; html: string; variables: Record<string, string> }) =>
    unwrap(await api.POST('/templates/import', { body })),
  );
}
