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

function whyUnstorable(text: string): string | undefined {
  if (text.includes('\u0000')) return 'text must not contain the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'text must be valid Unicode: an unpaired surrogate (\\ud800-\\udfff) cannot be stored';
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
