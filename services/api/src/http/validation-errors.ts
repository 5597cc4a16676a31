import type { ValidationIssue } from '@herald/errors';

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

/** Translates express-openapi-validator's 400 errors into the spec's 422 `detail` items. */
export function toValidationIssues(errors: ValidatorError[]): ValidationIssue[] {
  return errors.map((e) => ({
    loc: pathToLoc(e.path),
    msg: e.message ?? 'invalid value',
    type: issueType(e.errorCode),
  }));
}
