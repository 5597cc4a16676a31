import { escapeHtml } from '@herald/templating';
import { Parser } from 'htmlparser2';
import { ValidationFailed, type ValidationIssue } from '@herald/intake';

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

/** Where text nodes and attribute values sit in the raw HTML, from one parse. */
function scan(html: string): { texts: Span[]; elsewhere: string[] } {
  const texts: Span[] = [];
  const elsewhere: string[] = [];
  const open: string[] = [];
  const parser: Parser = new Parser(
    {
      onopentagname: (name) => open.push(name),
      onclosetag: () => void open.pop(),
      onattribute: (_name, value) => elsewhere.push(value),
      oncomment: (data) => elsewhere.push(data),
      ontext: () => {
        const span = { start: parser.startIndex, end: parser.endIndex + 1 };
        const inCode = open.includes('script') || open.includes('style');
        if (inCode) return void elsewhere.push(html.slice(span.start, span.end));
        const last = texts[texts.length - 1];
        if (last && last.end === span.start) last.end = span.end;
        else texts.push(span);
      },
    },
    { decodeEntities: false, lowerCaseTags: true },
  );
  parser.end(html);
  return { texts, elsewhere };
}

function occurrences(haystack: string, needle: string, offset = 0): number[] {
  const found: number[] = [];
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) found.push(offset + i);
  return found;
}

/**
 * Turns plain HTML plus sample values into a template. Each sample must occur exactly once, in a
 * text node (its raw or HTML-escaped form); a match inside an attribute, comment or script, a
 * second match, or no match is a 422 naming the variable. Nothing is ever guessed.
 */
export function importTemplate(input: ImportInput): { subject: string | null; body: string } {
  const { texts, elsewhere } = scan(input.html);
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
    const hits = texts.flatMap((t) =>
      forms.flatMap((f) => occurrences(input.html.slice(t.start, t.end), f, t.start).map((start) => ({ start, end: start + f.length }))),
    );
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

  let body = input.html;
  for (const r of [...replacements].reverse()) body = body.slice(0, r.start) + `{{${r.name}}}` + body.slice(r.end);
  return { subject, body };
}
