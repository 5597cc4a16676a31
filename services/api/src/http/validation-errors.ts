import type { ValidationIssue } from '@herald/errors';
import { textFormatMessage } from './text.formats';

interface ValidatorError {
  path?: string;
  message?: string;
  errorCode?: string;
}

/** `/body/recipients/0/phone` -> ['body', 'recipients', 0, 'phone'] */
export function pathToLoc(path: string | undefined): Array<string | number> {
  if (!path) return ['body'];
  return path
    .replace(/^\./, '')
    .split(/[/.[\]]+/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part.replace(/~1/g, '/').replace(/~0/g, '~')));
}

function issueType(errorCode: string | undefined): ValidationIssue['type'] {
  const rule = errorCode?.split('.')[0];
  if (rule === 'required') return 'missing';
  if (rule === 'type') return 'type_error';
  if (rule === 'additionalProperties') return 'extra_forbidden';
  return 'value_error';
}

/** The parts of a request a validator path can point into: `body`, `query`, `path` (params), `headers`. */
export type RequestParts = Record<string, unknown>;

function valueAt(parts: RequestParts, loc: Array<string | number>): unknown {
  let at: unknown = parts;
  for (const key of loc) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at;
}

/**
 * Translates express-openapi-validator's 400 errors into the spec's 422 `detail` items. A value
 * refused by one of the text formats is explained in the rule's own words, not as a format name.
 */
export function toValidationIssues(errors: ValidatorError[], parts: RequestParts = {}): ValidationIssue[] {
  return errors.map((e) => {
    const loc = pathToLoc(e.path);
    return {
      loc,
      msg: textFormatMessage(e.message, valueAt(parts, loc)) ?? e.message ?? 'invalid value',
      type: issueType(e.errorCode),
    };
  });
}
