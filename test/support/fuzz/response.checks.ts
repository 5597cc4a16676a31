import type { Operation, Schema } from './openapi-operations';
import { isValidCredential, type FuzzRequest } from './operation-request.arbitrary';
import type { FuzzResponse } from './fuzz-request.sender';

/**
 * One way a response breaks the contract; `rule` names which promise it breaks. Every one fails
 * the run, a status the operation does not document included (openapi.yaml lists the 405, 415,
 * 422 and 431 the edge answers before any use case runs).
 */
export interface Problem {
  rule: 'no-5xx' | 'answers' | 'documented-status' | 'error-shape' | 'validation-shape' | 'auth-first';
  message: string;
}

/**
 * Statuses that do not show a request got past authentication: 401 itself, and what comes first
 * (matching the route: a path like /events/%2e%2e is no longer this operation, 404 or 405; a
 * request line too long to parse, 431, is refused before its headers are read at all).
 */
export const ANSWERED_BEFORE_AUTHENTICATION: readonly number[] = [401, 404, 405, 431];

const isString = (v: unknown): v is string => typeof v === 'string';

/** `{"detail": string}` and nothing else. */
export function errorShapeProblem(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'body is not a JSON object';
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'detail') return `keys are ${JSON.stringify(keys)}, expected ["detail"]`;
  return isString((body as { detail: unknown }).detail) ? undefined : 'detail is not a string';
}

/** `{"detail":[{"loc":[string|integer...],"msg":string,"type":string}, ...]}` exactly, at least one item. */
export function validationShapeProblem(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'body is not a JSON object';
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'detail') return `keys are ${JSON.stringify(keys)}, expected ["detail"]`;
  const detail = (body as { detail: unknown }).detail;
  if (!Array.isArray(detail) || detail.length === 0) return 'detail is not a non-empty array';
  for (const [i, item] of detail.entries()) {
    if (item === null || typeof item !== 'object') return `detail[${i}] is not an object`;
    const { loc, msg, type, ...rest } = item as Record<string, unknown>;
    if (Object.keys(rest).length) return `detail[${i}] has extra keys ${JSON.stringify(Object.keys(rest))}`;
    if (!Array.isArray(loc) || !loc.every((part) => isString(part) || Number.isInteger(part)))
      return `detail[${i}].loc is not an array of strings and integers`;
    if (!isString(msg) || !isString(type)) return `detail[${i}].msg or .type is not a string`;
  }
  return undefined;
}

const isValidationSchema = (schema: Schema | undefined) => schema?.properties?.detail?.type === 'array';

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Every promise of the brief a single response can break. */
export function responseProblems(op: Operation, req: FuzzRequest, res: FuzzResponse): Problem[] {
  if (res.status === 0) return [{ rule: 'answers', message: res.text }];
  if (res.status >= 500) return [{ rule: 'no-5xx', message: `${res.status} ${res.text.slice(0, 300)}` }];
  const problems: Problem[] = [];
  if (op.secured && !isValidCredential(req.credential) && !ANSWERED_BEFORE_AUTHENTICATION.includes(res.status)) {
    problems.push({
      rule: 'auth-first',
      message: `${res.status} without a valid credential, expected 401 before anything else is looked at`,
    });
  }
  if (res.status < 400) return problems;
  const status = String(res.status);
  const documented = status in op.responses;
  if (!documented) problems.push({ rule: 'documented-status', message: `${status} is not documented for ${op.operationId}` });
  // A page a person opens (the unsubscribe link's) answers its documented errors as a page too.
  if (op.htmlStatuses.includes(status) && res.contentType.startsWith('text/html')) return problems;
  const body = res.contentType.includes('application/json') ? parse(res.text) : undefined;
  if (body === undefined) {
    problems.push({ rule: 'error-shape', message: `${status} body is not JSON: ${res.contentType} ${res.text.slice(0, 200)}` });
  } else if (isValidationSchema(op.responses[status]) || (!documented && res.status === 422)) {
    const wrong = validationShapeProblem(body);
    if (wrong) problems.push({ rule: 'validation-shape', message: `${status}: ${wrong}: ${res.text.slice(0, 300)}` });
  } else {
    const wrong = errorShapeProblem(body);
    if (wrong) problems.push({ rule: 'error-shape', message: `${status}: ${wrong}: ${res.text.slice(0, 300)}` });
  }
  return problems;
}
