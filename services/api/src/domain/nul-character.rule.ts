import { ValidationFailed, type ValidationIssue } from '@herald/intake';

/** Enough to name the fields at fault without echoing a whole hostile document back. */
const MAX_ISSUES = 10;

/**
 * PostgreSQL text and jsonb cannot hold U+0000 (text refuses the byte, jsonb the `\u0000`
 * escape), so a request carrying one anywhere that is stored would fail inside the database.
 * Each string, and each object key, holding one is named instead: `loc` points at it.
 */
export function nulCharacterIssues(value: unknown, loc: Array<string | number>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  // An explicit stack with parent links, not recursion or copied paths: a document nested
  // thousands of levels deep must cost neither the call stack nor memory quadratic in its depth.
  const pending: Step[] = [{ node: value }];
  while (pending.length && issues.length < MAX_ISSUES) {
    const step = pending.pop()!;
    const { node } = step;
    if (typeof node === 'string') {
      if (node.includes('\u0000'))
        issues.push({ loc: [...loc, ...pathOf(step)], msg: 'text must not contain the NUL character (\\u0000)', type: 'value_error' });
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) pending.push({ node: node[i], key: i, parent: step });
    } else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node).reverse())
        pending.push({ node: key.includes('\u0000') ? key : item, key, parent: step });
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

/** Throws a 422-bound ValidationFailed when `value` holds a NUL character anywhere. */
export function refuseNulCharacters(value: unknown, loc: Array<string | number>): void {
  const issues = nulCharacterIssues(value, loc);
  if (issues.length) throw new ValidationFailed(issues);
}
