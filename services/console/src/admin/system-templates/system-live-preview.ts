import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { parseSample } from '../../templates/template-draft';
import type { LivePreview } from '../../templates/template-preview';
import { useSystemTemplatePreview, type SystemPreviewRequest } from './system-templates.query';

/** How long typing must pause before the preview asks the api again (as for project templates). */
const PREVIEW_DELAY_MS = 400;

export interface SystemDraft {
  subject: string;
  body: string;
  text_body: string;
}

/** The draft as PUT and preview take it: an emptied subject or text part means "the built-in subject" / "made from the HTML". */
export function contentOf(draft: SystemDraft) {
  return {
    body: draft.body,
    ...(draft.subject.trim() !== '' ? { subject: draft.subject } : {}),
    ...(draft.text_body.trim() !== '' ? { text_body: draft.text_body } : {}),
  };
}

/**
 * The rendering of what is being typed, asked once typing pauses. The debounced value is a
 * string: an object made anew on every render would restart the timer on every render.
 */
export function useSystemLivePreview(name: string, draft: SystemDraft, sampleText: string): LivePreview {
  const key = JSON.stringify([draft.subject, draft.body, draft.text_body, sampleText]);
  const [settled] = useDebouncedValue(key, PREVIEW_DELAY_MS);
  const sample = useMemo(() => parseSample(sampleText), [sampleText]);
  const request = useMemo((): SystemPreviewRequest | undefined => {
    const [subject, body, textBody, text] = JSON.parse(settled) as [string, string, string, string];
    const parsed = parseSample(text);
    if (body === '' || 'error' in parsed) return undefined;
    const variables = parsed.values as Record<string, string>;
    return { ...contentOf({ subject, body, text_body: textBody }), ...(Object.keys(variables).length ? { variables } : {}) };
  }, [settled]);
  const preview = useSystemTemplatePreview(name, request);
  return {
    preview: { data: preview.data, error: preview.error },
    sampleError: 'error' in sample ? sample.error : undefined,
    pending: key !== settled || preview.isFetching,
    empty: draft.body === '',
  };
}
