import {
  EVENT_LIMITS,
  TRANSACTIONAL_CATEGORY,
  emailHeaderBytes,
  utf8Bytes,
  type Channel,
  type EmailHeaders,
  type InlineContent,
  type NotificationContent,
} from '@herald/contracts';
import { htmlToText, renderContent, RenderTooLargeError, SMS_MAX_LENGTH, type TemplateSource } from '@herald/templating';

export interface EventContent {
  inline?: InlineContent;
  template_id?: string;
  template_name?: string;
}

export interface TemplateForRender extends TemplateSource {
  id: string;
  from_local: string | null;
  from_name: string | null;
  reply_to: string | null;
  headers: EmailHeaders | null;
  on_missing_variable: 'error' | 'blank';
  /** null: transactional. */
  category: string | null;
}

export type Composed = { ok: true; content: NotificationContent | null } | { ok: false; reason: string };

/**
 * Renders one channel's content for an event, once per event and channel (every recipient gets
 * the same payload). Webhooks need none. Inline content is sent literally: `{{ }}` stays as written.
 */
export function composeContent(
  channel: Channel,
  event: { content: EventContent; payload: unknown },
  templates: TemplateForRender[],
): Composed {
  if (channel === 'webhook') return { ok: true, content: null };
  const inline = event.content.inline;
  if (inline) {
    const text = inline.text ?? htmlToText(inline.html);
    const category = categoryField(inline.category === TRANSACTIONAL_CATEGORY ? null : (inline.category ?? null));
    if (channel === 'sms') return fitsSms(text) ? { ok: true, content: { text, ...category } } : tooLong(text);
    return {
      ok: true,
      content: {
        subject: inline.subject ?? null,
        html: inline.html,
        text,
        from_local: inline.from_local,
        from_name: inline.from_name,
        reply_to: inline.reply_to,
        headers: inline.headers ?? null,
        ...category,
      },
    };
  }
  const template = templates.find((t) => t.channel === channel);
  if (!template)
    return {
      ok: false,
      reason: `template ${JSON.stringify(event.content.template_id ?? event.content.template_name)} has no ${channel} version any more`,
    };
  let rendered;
  try {
    rendered = renderContent(template, event.payload, EVENT_LIMITS.contentPartBytes);
  } catch (err) {
    if (err instanceof RenderTooLargeError) return partTooLarge('the template');
    throw err;
  }
  const { content, missing } = rendered;
  if (missing.length && template.on_missing_variable === 'error') {
    return { ok: false, reason: `template variables missing from the payload: ${missing.join(', ')}` };
  }
  if (channel === 'sms')
    return fitsSms(content.text)
      ? { ok: true, content: { text: content.text, template_id: template.id, ...categoryField(template.category) } }
      : tooLong(content.text);
  const oversized = (['html', 'text'] as const).find((part) => utf8Bytes(content[part]) > EVENT_LIMITS.contentPartBytes);
  if (oversized) return partTooLarge(`the template's ${oversized}`);
  return {
    ok: true,
    content: {
      ...content,
      from_local: template.from_local,
      from_name: template.from_name,
      reply_to: template.reply_to,
      headers: template.headers,
      template_id: template.id,
      ...categoryField(template.category),
    },
  };
}

/** Transactional content stores no category, as all content did before categories existed. */
function categoryField(category: string | null): { category?: string } {
  return category === null ? {} : { category };
}

/** Bytes one email carries: what the send budget counts. */
export function contentBytes(content: NotificationContent | null): number {
  return content ? utf8Bytes(content.subject) + utf8Bytes(content.html) + utf8Bytes(content.text) + emailHeaderBytes(content.headers) : 0;
}

function partTooLarge(what: string): Composed {
  const limit = EVENT_LIMITS.contentPartBytes;
  return { ok: false, reason: `${what} renders to more than ${limit} bytes (1 MiB) with this payload; at most that can be sent` };
}

function fitsSms(text: string): boolean {
  return text.length <= SMS_MAX_LENGTH;
}

function tooLong(text: string): Composed {
  return { ok: false, reason: `sms body is ${text.length} characters; at most ${SMS_MAX_LENGTH} can be sent` };
}
