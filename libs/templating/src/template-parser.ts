/**
 * `{{ name }}` and `{{ order.id }}` (dotted paths, array indexes as digits) and nothing else:
 * no helpers, no expressions, no code, so a template can never run anything.
 */
export type Segment = { kind: 'text'; text: string } | { kind: 'variable'; path: string[]; name: string };

export class TemplateSyntaxError extends Error {
  override readonly name = 'TemplateSyntaxError';
}

const TAG = /\{\{([^{}]*)\}\}/g;
const PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.([A-Za-z_][A-Za-z0-9_]*|[0-9]+))*$/;

export function parseTemplate(source: string): Segment[] {
  const segments: Segment[] = [];
  let last = 0;
  for (const match of source.matchAll(TAG)) {
    const name = match[1].trim();
    if (!PATH.test(name)) {
      throw new TemplateSyntaxError(`{{${match[1]}}} is not a variable: use letters, digits, _ and dots, e.g. {{order.id}}`);
    }
    if (match.index > last) segments.push({ kind: 'text', text: source.slice(last, match.index) });
    segments.push({ kind: 'variable', path: name.split('.'), name });
    last = match.index + match[0].length;
  }
  if (last < source.length) segments.push({ kind: 'text', text: source.slice(last) });
  return segments;
}

/** Variables used across the given sources, each once, sorted. */
export function detectVariables(...sources: Array<string | null | undefined>): string[] {
  const names = new Set<string>();
  for (const source of sources) {
    if (!source) continue;
    for (const s of parseTemplate(source)) if (s.kind === 'variable') names.add(s.name);
  }
  return [...names].sort();
}
