import type { components } from '@herald/client';

export type Channel = components['schemas']['Channel'];
export type EventCreate = components['schemas']['EventCreate'];

export const CHANNELS: { value: Channel; label: string }[] = [
  { value: 'email', label: 'Email' },
  { value: 'sms', label: 'SMS' },
  { value: 'webhook', label: 'Webhook' },
];

/** What the form holds: text as typed, so a half-written JSON payload is not lost. */
export interface Draft {
  eventType: string;
  channels: Channel[];
  email: string;
  phone: string;
  webhookUrl: string;
  content: 'inline' | 'template';
  subject: string;
  html: string;
  text: string;
  templateName: string;
  payload: string;
}

export const INITIAL_DRAFT: Draft = {
  eventType: 'console.test',
  channels: ['webhook'],
  email: '',
  phone: '',
  webhookUrl: '',
  content: 'inline',
  subject: 'Hello from Herald',
  html: '<p>Hello from the Herald console.</p>',
  text: '',
  templateName: '',
  payload: JSON.stringify({ message: 'Hello from the Herald console' }, null, 2),
};

/** The payload as the api wants it (a JSON object), or why it is not one. */
export function parsePayload(text: string): { value: Record<string, unknown> } | { error: string } {
  try {
    const value: unknown = JSON.parse(text || '{}');
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return { error: 'The payload must be a JSON object ({ ... }).' };
    return { value: value as Record<string, unknown> };
  } catch (e) {
    return { error: `Not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/**
 * The POST /events body the draft stands for: one recipient with the addresses of the channels
 * picked, and either the inline content or the template (by name, so each channel renders its
 * own version). An unparsable payload is sent as {} in the snippets while the form says why.
 */
export function toEventBody(draft: Draft): EventCreate {
  const parsed = parsePayload(draft.payload);
  const has = (channel: Channel) => draft.channels.includes(channel);
  const recipient: EventCreate['recipients'][number] = { channels: draft.channels };
  if (has('email')) recipient.email = draft.email.trim();
  if (has('sms')) recipient.phone = draft.phone.trim();
  if (has('webhook')) recipient.webhook_url = draft.webhookUrl.trim();
  const body: EventCreate = {
    event_type: draft.eventType.trim(),
    recipients: [recipient],
    payload: 'value' in parsed ? parsed.value : {},
  };
  if (draft.content === 'template') {
    body.template_name = draft.templateName;
  } else {
    body.inline = {
      ...(draft.subject.trim() ? { subject: draft.subject } : {}),
      html: draft.html,
      ...(draft.text.trim() ? { text: draft.text } : {}),
    };
  }
  return body;
}

/** Adds each template variable the payload lacks (as an empty string), keeping what is there. */
export function withVariables(payload: string, variables: string[]): string {
  const parsed = parsePayload(payload);
  if (!('value' in parsed)) return payload;
  const missing = variables.filter((v) => !(v in parsed.value));
  if (missing.length === 0) return payload;
  return JSON.stringify({ ...parsed.value, ...Object.fromEntries(missing.map((v) => [v, ''])) }, null, 2);
}
