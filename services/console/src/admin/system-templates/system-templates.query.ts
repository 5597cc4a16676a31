import type { components } from '@herald/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../session/api-error';
import { useControlApi } from '../../session/session.context';

export type SystemTemplate = components['schemas']['SystemTemplate'];
export type SystemTemplateContent = components['schemas']['SystemTemplateContent'];
export interface SystemPreviewRequest extends Partial<SystemTemplateContent> {
  variables?: Record<string, string | number | boolean>;
}

const key = ['admin', 'system-templates'] as const;

export function useSystemTemplates(page: number) {
  const api = useControlApi();
  return useQuery({
    queryKey: [...key, 'list', page],
    queryFn: async () => unwrap(await api.GET('/admin/system-templates', { params: { query: { page, per_page: 25 } } })),
    placeholderData: keepPreviousData,
  });
}

export function useSystemTemplate(name: string) {
  const api = useControlApi();
  return useQuery({
    queryKey: [...key, name],
    queryFn: async () => unwrap(await api.GET('/admin/system-templates/{name}', { params: { path: { name } } })),
  });
}

/** The rendering of a draft; the previous one stays on screen while the next is asked for. */
export function useSystemTemplatePreview(name: string, request: SystemPreviewRequest | undefined) {
  const api = useControlApi();
  return useQuery({
    queryKey: [...key, name, 'preview', request],
    queryFn: async () => unwrap(await api.POST('/admin/system-templates/{name}/preview', { params: { path: { name } }, body: request! })),
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useSaveSystemTemplate(name: string) {
  const api = useControlApi();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (body: SystemTemplateContent) =>
      unwrap(await api.PUT('/admin/system-templates/{name}', { params: { path: { name } }, body })),
    onSuccess: (saved) => {
      queries.setQueryData([...key, name], saved);
      return queries.invalidateQueries({ queryKey: [...key, 'list'] });
    },
  });
}

export function useResetSystemTemplate(name: string) {
  const api = useControlApi();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/admin/system-templates/{name}', { params: { path: { name } } })),
    onSuccess: (restored) => {
      queries.setQueryData([...key, name], restored);
      return queries.invalidateQueries({ queryKey: [...key, 'list'] });
    },
  });
}
