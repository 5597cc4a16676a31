import { escapeHtml } from '@herald/templating';
import { Parser } from 'htmlparser2';
import { refuseUnstorableText } from '../shared/storable-text.rule';
import { ValidationFailed, type ValidationIssue } from '@herald/errors';

export interface ImportInput {
  name: string;
  subject?: string;
  html: string;
  /** variable name -> a sample value as it appears in the HTML */
  variables: Record<string, string>;
}

interface Span {
  start: number;
  end: number;
}

/**
 * Deeper than this is refused. htmlparser2 keeps open elements in an array it shifts and searches
 * on every tag, so unclosed tags (`x<i>` repeated) made one 1 MB import cost quadratic time; with
 * a bounded depth every tag costs at most this much. Real email HTML nests a few dozen levels.
 */
export const MAX_HTML_DEPTH = 256;

class TooDeep extends Error {}

/** Where text nodes and attribute values sit in the raw HTML, from one parse; undefined past MAX_HTML_DEPTH. */
function scan(html: string): { texts: Span[]; elsewhere: string[] } | undefined {
  const texts: Span[] = [];
  const elsewhere: string[] = [];
  let depth = 0;
  // Open <script>/<style> elements: text inside them is code, never replaced.
  let inCode = 0;
  const isCode = (name: string) => name === 'script' || name === 'style';
  const parser: Parser = new Parser(
    {
      onopentagname: (name) => {
        if (++depth > MAX_HTML_DEPTH) throw new TooDeep();
        if (isCode(name)) inCode++;
      },
      onclosetag: (name) => {
        depth--;
        if (isCode(name)) inCode--;
      },
      onattribute: (_name, value) => elsewhere.push(value),
      oncomment: (data) => elsewhere.push(data),
      ontext: () => {
        const span = { start: parser.startIndex, end: parser.endIndex + 1 };
        if (inCode > 0) return void elsewhere.push(html.slice(span.start, span.end));
        const last = texts[texts.length - 1];
        if (last && last.end === span.start) last.end = span.end;
        else texts.push(span);
      },
    },
    { decodeEntities: false, lowerCaseTags: true },
  );
  try {
    parser.end(html);
  } catch (err) {
    if (err instanceof TooDeep) return undefined;
    throw err;
  }
  return { texts, elsewhere };
}

function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) found.push(i);
  return found;
}

/**
 * Starts of `needle` lying wholly inside one text span, without overlaps. One pass over
 * the HTML per needle: each search starts where the last one ended or at a later span, and a
 * span too short for the needle is never searched, so the cost is linear in the HTML.
 */
function textHits(html: string, texts: Span[], needle: string): number[] {
  const hits: number[] = [];
  let k = 0;
  let from = 0;
  for (;;) {
    while (k < texts.length && (texts[k].end <= from || texts[k].end - texts[k].start < needle.length)) k++;
    if (k === texts.length) break;
    const i = html.indexOf(needle, Math.max(from, texts[k].start));
    if (i === -1) break;
    while (k < texts.length && texts[k].end <= i) k++;
    if (k === texts.length) break;
    const span = texts[k];
    if (i < span.start)
      from = span.start; // the match sits between spans
    else if (i + needle.length <= span.end) {
      hits.push(i);
      from = i + needle.length;
    } else from = span.end; // it runs past the span's end, and so would every later match in it
  }
  return hits;
}

/**
 * Turns plain HTML plus sample values into a template. Each sample must occur exactly once, in a
 * text node (its raw or HTML-escaped form); a match inside an attribute, comment or script, a
 * second match, or no match is a 422 naming the variable. Nothing is ever guessed.
 */
export function importTemplate(input: ImportInput): { subject: string | null; body: string } {
  refuseUnstorableText(input, ['body']);
  const scanned = scan(input.html);
  if (!scanned) {
    throw new ValidationFailed([
      { loc: ['body', 'html'], msg: `html nests elements more than ${MAX_HTML_DEPTH} levels deep`, type: 'value_error' },
    ]);
  }
  const { texts, elsewhere } = scanned;
  const issues: ValidationIssue[] = [];
  const replacements: Array<Span & { name: string }> = [];
  let subject = input.subject ?? null;

  for (const [name, sample] of Object.entries(input.variables)) {
    const loc = ['body', 'variables', name];
    if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(name)) {
      issues.push({ loc, msg: `${JSON.stringify(name)} is not a valid variable name`, type: 'value_error' });
      continue;
    }
    if (!sample) {
      issues.push({ loc, msg: `the sample value of ${name} is empty`, type: 'value_error' });
      continue;
    }
    const forms = [...new Set([sample, escapeHtml(sample)])];
    const hits = forms.flatMap((f) => textHits(input.html, texts, f).map((start) => ({ start, end: start + f.length })));
    const inAttributes = elsewhere.some((value) => forms.some((f) => value.includes(f)));
    if (inAttributes)
      issues.push({
        loc,
        msg: `the sample value of ${name} occurs inside an attribute, comment or script; only text is replaced`,
        type: 'value_error',
      });
    else if (hits.length === 0)
      issues.push({ loc, msg: `the sample value of ${name} does not occur in the HTML text`, type: 'value_error' });
    else if (hits.length > 1)
      issues.push({
        loc,
        msg: `the sample value of ${name} occurs ${hits.length} times in the HTML; it must occur exactly once`,
        type: 'value_error',
      });
    else replacements.push({ ...hits[0], name });

    if (subject !== null) {
      const inSubject = occurrences(subject, sample);
      if (inSubject.length > 1)
        issues.push({
          loc: ['body', 'subject'],
          msg: `the sample value of ${name} occurs more than once in the subject`,
          type: 'value_error',
        });
      else if (inSubject.length === 1) subject = subject.replace(sample, `{{${name}}}`);
    }
  }
  replacements.sort((a, b) => a.start - b.start);
  replacements.forEach((r, i) => {
    const next = replacements[i + 1];
    if (next && next.start < r.end) {
      issues.push({
        loc: ['body', 'variables', next.name],
        msg: `the sample values of ${r.name} and ${next.name} overlap`,
        type: 'value_error',
      });
    }
  });
  if (issues.length) throw new ValidationFailed(issues);

  // One pass: slicing the whole body once per replacement would copy it once per variable.
  const parts: string[] = [];
  let at = 0;
  for (const r of replacements) {
    parts.push(input.html.slice(at, r.start), `{{${r.name}}}`);
    at = r.end;
  }
  parts.push(input.html.slice(at));
  return { subject, body: parts.join('') };
}
