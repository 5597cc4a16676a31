import { parseTemplate } from './template-parser';

export type Escaping = 'html' | 'none';
export type OnMissing = 'error' | 'blank';

export interface RenderResult {
  output: string;
  used: string[];
  missing: string[];
}

/** Names that reach an object's prototype machinery; never looked up, whatever the input. */
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** Walks own properties only, so `{{constructor}}` or `{{a.__proto__}}` is simply missing. */
function lookup(values: unknown, path: string[]): { found: boolean; value?: unknown } {
  let current: unknown = values;
  for (const key of path) {
    if (FORBIDDEN.has(key) || current === null || typeof current !== 'object') return { found: false };
    if (!Object.prototype.hasOwnProperty.call(current, key)) return { found: false };
    current = (current as Record<string, unknown>)[key];
  }
  return current === undefined || current === null ? { found: false } : { found: true, value: current };
}

function stringify(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Substitutes variables. Values are HTML-escaped only in HTML bodies; subjects, text bodies and
 * SMS are plain text and get values as they are. Missing values render blank and are reported,
 * so the caller decides what `on_missing_variable: error` means in its context.
 */
export function renderTemplate(source: string, values: unknown, escaping: Escaping, maxChars = Number.POSITIVE_INFINITY): RenderResult {
  const used = new Set<string>();
  const missing = new Set<string>();
  let output = '';
  for (const segment of parseTemplate(source)) {
    if (segment.kind === 'text') {
      output += segment.text;
    } else {
      const { found, value } = lookup(values, segment.path);
      if (!found) {
        missing.add(segment.name);
        continue;
      }
      used.add(segment.name);
      const text = stringify(value);
      output += escaping === 'html' ? escapeHtml(text) : text;
    }
    // Checked as it grows: a 1 MB template naming a large value 100,000 times would otherwise
    // build gigabytes before anyone could measure the result.
    if (output.length > maxChars) throw new RenderTooLargeError(maxChars);
  }
  return { output, used: [...used].sort(), missing: [...missing].sort() };
}

export class RenderTooLargeError extends Error {
  override readonly name = 'RenderTooLargeError';
  constructor(readonly maxChars: number) {
    super(`rendered output is longer than ${maxChars} characters`);
  }
}
