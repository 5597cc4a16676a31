import type { Channel, Template, TemplateCreate, TemplatePatch } from './templates.queries';

/** The editor's fields as a person types them: strings, with an empty string meaning "none". */
export interface TemplateDraft {
  name: string;
  channel: Channel;
  subject: string;
  body: string;
  text_body: string;
  from_local: string;
  from_name: string;
  reply_to: string;
  on_missing_variable: 'error' | 'blank';
  /** Comma-separated; when given, the api checks it equals what the template uses. */
  variables: string;
}

export const EMPTY_DRAFT: TemplateDraft = {
  name: '',
  channel: 'email',
  subject: '',
  body: '',
  text_body: '',
  from_local: '',
  from_name: '',
  reply_to: '',
  on_missing_variable: 'error',
  variables: '',
};

export function draftOf(t: Template): TemplateDraft {
  return {
    name: t.name,
    channel: t.channel,
    subject: t.subject ?? '',
    body: t.body,
    text_body: t.text_body ?? '',
    from_local: t.from_local ?? '',
    from_name: t.from_name ?? '',
    reply_to: t.reply_to ?? '',
    on_missing_variable: t.on_missing_variable,
    variables: '',
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value);

/**
 * The fields the api takes for the draft's channel: the email-only ones are left out of sms and
 * webhook templates (the api refuses them there), emptied ones are sent as null so an edit clears them.
 */
function content(draft: TemplateDraft) {
  const email =
    draft.channel === 'email'
      ? {
          subject: orNull(draft.subject),
          text_body: orNull(draft.text_body),
          from_local: orNull(draft.from_local.trim()),
          from_name: orNull(draft.from_name),
          reply_to: orNull(draft.reply_to.trim()),
        }
      : {};
  const variables = draft.variables
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return {
    name: draft.name.trim(),
    body: draft.body,
    on_missing_variable: draft.on_missing_variable,
    ...email,
    ...(variables.length ? { variables } : {}),
  };
}

export const toCreate = (draft: TemplateDraft): TemplateCreate => ({ ...content(draft), channel: draft.channel });
export const toPatch = (draft: TemplateDraft): TemplatePatch => content(draft);

/** Sample values shaped as an event would send them: `order.id` becomes `{"order": {"id": "…"}}`. */
export function sampleValues(names: readonly string[], into: Record<string, unknown> = {}): Record<string, unknown> {
  const sample = structuredClone(into);
  for (const name of names) {
    const path = name.split('.');
    let node = sample;
    path.forEach((key, i) => {
      if (i === path.length - 1) {
        if (!(key in node)) node[key] = name;
      } else {
        if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
        node = node[key] as Record<string, unknown>;
      }
    });
  }
  return sample;
}

/** The sample editor's text as an object, or the reason it is not one. */
export function parseSample(text: string): { values: Record<string, unknown> } | { error: string } {
  if (text.trim() === '') return { values: {} };
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { error: 'Sample values must be a JSON object' };
    return { values: parsed as Record<string, unknown> };
  } catch (err) {
    return { error: `Not valid JSON: ${(err as Error).message}` };
  }
}
