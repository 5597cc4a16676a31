import { convert } from 'html-to-text';
import { renderTemplate } from './template-renderer';

export interface TemplateSource {
  channel: 'email' | 'sms' | 'webhook';
  subject: string | null;
  body: string;
  text_body: string | null;
}

export interface RenderedContent {
  subject: string | null;
  /** HTML for email, null otherwise. */
  html: string | null;
  /** Plain text: the email alternative (derived from the HTML when the template has none), or the SMS body. */
  text: string;
}

export interface ContentRender {
  content: RenderedContent;
  used: string[];
  missing: string[];
}

/** Plain-text alternative of an HTML body: links kept as "text [url]", no images. */
export function htmlToText(html: string): string {
  return convert(html, { wordwrap: 78, selectors: [{ selector: 'img', format: 'skip' }] });
}

/**
 * Renders a template's parts for its channel: email bodies are HTML (values escaped), subjects,
 * text bodies and SMS are plain text (values as given). Past `maxPartChars` in any part it
 * stops and throws RenderTooLargeError.
 */
export function renderContent(template: TemplateSource, values: unknown, maxPartChars = Number.POSITIVE_INFINITY): ContentRender {
  const parts = [];
  const render = (source: string, escaping: 'html' | 'none') => renderTemplate(source, values, escaping, maxPartChars);
  const subject = template.subject !== null ? render(template.subject, 'none') : undefined;
  if (subject) parts.push(subject);
  let content: RenderedContent;
  if (template.channel === 'email') {
    const html = render(template.body, 'html');
    const text = template.text_body !== null ? render(template.text_body, 'none') : undefined;
    parts.push(html);
    if (text) parts.push(text);
    content = { subject: subject?.output ?? null, html: html.output, text: text ? text.output : htmlToText(html.output) };
  } else {
    const body = render(template.body, 'none');
    parts.push(body);
    content = { subject: subject?.output ?? null, html: null, text: body.output };
  }
  const used = new Set(parts.flatMap((p) => p.used));
  const missing = new Set(parts.flatMap((p) => p.missing));
  return { content, used: [...used].sort(), missing: [...missing].sort() };
}
