import { ValidationFailed, type ValidationIssue } from '@herald/errors';

/** Enough to name the fields at fault without echoing a whole hostile document back. */
const MAX_ISSUES = 10;

/**
 * Text PostgreSQL cannot store: U+0000 (text refuses the byte, jsonb the `\u0000` escape) and an
 * unpaired UTF-16 surrogate (JSON allows the `\ud800` escape, but it is not Unicode: jsonb refuses
 * it and text would silently get U+FFFD). A request carrying either anywhere that is stored would
 * fail inside the database; each string, and each object key, holding one is named instead.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function whyUnstorable(text: string): string | undefined {
  if (text.includes('\u0000')) return 'text must not contain the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'text must be valid Unicode: an unpaired surrogate (\\ud800-\\udfff) cannot be stored';
  return undefined;
}

/**
 * Characters a name must not hold: C0 and C1 controls (a name is one line: no tab, no newline that
 * could start a header or a paragraph of its own in an email), the line and paragraph separators,
 * and the bidirectional formatting characters (U+061C, U+200E/F, U+202A-U+202E, U+2066-U+2069)
 * that make a mail client show text in another order than it is written ("Trojan Source").
 * Names reach emails (an invitation's subject carries the organization's name, its body the
 * inviter's), so a name that passes here cannot disguise what an email says.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_IN_A_NAME = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

/** Why `text` cannot be a name (storable, one line, no bidi controls, not blank), or undefined when it can. */
export function whyNotAName(text: string): string | undefined {
  const unstorable = whyUnstorable(text);
  if (unstorable) return unstorable;
  if (NOT_IN_A_NAME.test(text)) return 'a name must not contain control, line-separator or bidirectional formatting characters';
  if (!/\S/.test(text)) return 'a name must not be blank';
  return undefined;
}

/** Each string or object key in `value` that cannot be stored, by its loc under `loc` (at most MAX_ISSUES). */
export function unstorableTextIssues(value: unknown, loc: Array<string | number>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  // An explicit stack with parent links, not recursion or copied paths: a document nested
  // thousands of levels deep must cost neither the call stack nor memory quadratic in its depth.
  const pending: Step[] = [{ node: value }];
  while (pending.length && issues.length < MAX_ISSUES) {
    const step = pending.pop()!;
    const { node } = step;
    if (typeof node === 'string') {
      const why = whyUnstorable(node);
      if (why) issues.push({ loc: [...loc, ...pathOf(step)], msg: why, type: 'value_error' });
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) pending.push({ node: node[i], key: i, parent: step });
    } else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node).reverse()) pending.push({ node: whyUnstorable(key) ? key : item, key, parent: step });
    }
  }
  return issues;
}

interface Step {
  node: unknown;
  key?: string | number;
  parent?: Step;
}

function pathOf(step: Step): Array<string | number> {
  const path: Array<string | number> = [];
  for (let at: Step | undefined = step; at?.parent; at = at.parent) path.push(at.key!);
  return path.reverse();
}

/** Throws a 422-bound ValidationFailed when `value` holds unstorable text anywhere. */
export function refuseUnstorableText(value: unknown, loc: Array<string | number>): void {
  const issues = unstorableTextIssues(value, loc);
  if (issues.length) throw new ValidationFailed(issues);
}
