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
 * text bodies and SMS are plain text (values as given).
 */
export function renderContent(template: TemplateSource, values: unknown): ContentRender {
  const parts = [];
  const subject = template.subject !== null ? renderTemplate(template.subject, values, 'none') : undefined;
  if (subject) parts.push(subject);
  let content: RenderedContent;
  if (template.channel === 'email') {
    const html = renderTemplate(template.body, values, 'html');
    const text = template.text_body !== null ? renderTemplate(template.text_body, values, 'none') : undefined;
    parts.push(html);
    if (text) parts.push(text);
    content = { subject: subject?.output ?? null, html: html.output, text: text ? text.output : htmlToText(html.output) };
  } else {
    const body = renderTemplate(template.body, values, 'none');
    parts.push(body);
    content = { subject: subject?.output ?? null, html: null, text: body.output };
  }
  const used = new Set(parts.flatMap((p) => p.used));
  const missing = new Set(parts.flatMap((p) => p.missing));
  return { content, used: [...used].sort(), missing: [...missing].sort() };
}
