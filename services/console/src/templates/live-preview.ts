import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { parseSample, type TemplateDraft } from './template-draft';
import { useTemplatePreview, type PreviewRequest } from './templates.queries';

/** How long typing must pause before the preview asks the api again. */
const PREVIEW_DELAY_MS = 400;

/**
 * The preview of what is being typed, asked of the api once typing pauses. The debounced value is
 * a string: an object made anew on every render would restart the timer on every render.
 */
export function useLivePreview(draft: TemplateDraft, sampleText: string) {
  const key = JSON.stringify([draft.channel, draft.subject, draft.body, draft.text_body, sampleText]);
  const [settled] = useDebouncedValue(key, PREVIEW_DELAY_MS);
  const sample = useMemo(() => parseSample(sampleText), [sampleText]);
  const request = useMemo((): PreviewRequest | undefined => {
    const [channel, subject, body, textBody, text] = JSON.parse(settled) as [TemplateDraft['channel'], string, string, string, string];
    const parsed = parseSample(text);
    if (body === '' || 'error' in parsed) return undefined;
    const email = channel === 'email';
    return {
      channel,
      subject: email && subject !== '' ? subject : null,
      body,
      text_body: email && textBody !== '' ? textBody : null,
      variables: parsed.values,
    };
  }, [settled]);
  const preview = useTemplatePreview(request);
  return {
    preview,
    sampleError: 'error' in sample ? sample.error : undefined,
    /** True while the shown rendering is older than what was typed. */
    pending: key !== settled || preview.isFetching,
    empty: draft.body === '',
  };
}
