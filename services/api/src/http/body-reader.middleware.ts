import { ValidationFailed } from '@herald/errors';
import type { Request, RequestHandler } from 'express';
import type { OpenApiRequest } from 'express-openapi-validator/dist/framework/types';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-depth';
import type { BodyBudget } from './body-budget';
import { bodyBudgetSpent, bodyTooLarge, readBody } from './request-body.reader';
import { requesterOf } from './requester';

/** Operations that declare no request body still tolerate a small one (`{}` from some clients). */
export const NO_BODY_LIMIT = 1024;
/** An operation with a body but no `x-body-limit-bytes` (a spec test keeps this from happening). */
export const UNDECLARED_BODY_LIMIT = 64 * 1024;

type MediaKind = 'json' | 'text' | 'form';

function bodyLimitOf(req: Request): number {
  const operation = (req as OpenApiRequest).openapi?.schema as Record<string, unknown> | undefined;
  const declared = operation?.['x-body-limit-bytes'];
  if (typeof declared === 'number') return declared;
  return operation?.requestBody ? UNDECLARED_BODY_LIMIT : NO_BODY_LIMIT;
}

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined;
}

function mediaKindOf(contentType: string | undefined): MediaKind | undefined {
  const type = contentType?.split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || type?.endsWith('+json')) return 'json';
  if (type === 'text/plain') return 'text';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  return undefined;
}

function unsupported(message: string): Error {
  return Object.assign(new Error(message), { status: 415 });
}

/** Only plain UTF-8 bodies: a compressed body would need its own inflated-size limit. */
function assertPlainUtf8(req: Request): void {
  const encoding = req.headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') throw unsupported(`Content-Encoding ${encoding} is not supported; send the body uncompressed`);
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1].toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') throw unsupported(`charset ${charset} is not supported; send UTF-8`);
}

function parseJson(raw: Buffer): unknown {
  if (raw.length === 0) return {};
  if (jsonDepthExceeds(raw, MAX_JSON_DEPTH)) {
    throw new ValidationFailed([{ loc: ['body'], msg: `JSON nesting is deeper than ${MAX_JSON_DEPTH} levels`, type: 'value_error' }]);
  }
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch (err) {
    throw new ValidationFailed([{ loc: ['body'], msg: `request body is not valid JSON: ${(err as Error).message}`, type: 'json_invalid' }]);
  }
}

/**
 * An HTML form or an RFC 8058 one-click post: a field given once is a string, a field repeated
 * (checkboxes of one name) an array, so openapi.yaml's schema bounds both.
 */
function parseForm(raw: Buffer): Record<string, string | string[]> {
  const fields = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(raw.toString('utf8'))) {
    const values = fields.get(name);
    if (values) values.push(value);
    else fields.set(name, [value]);
  }
  // fromEntries defines own properties: a field named __proto__ stays a field.
  return Object.fromEntries([...fields].map(([name, values]) => [name, values.length === 1 ? values[0] : values]));
}

/**
 * Reads the body after the caller is identified and allowed, with the limit openapi.yaml gives
 * the operation (`x-body-limit-bytes`): a declared Content-Length past it is refused before
 * reading, a streamed body as soon as it passes it. Within the process's budget of body bytes
 * held at once, and the caller's share of it: a declared length is taken before reading, a
 * streamed body chunk by chunk, and past either the answer is 503 with Retry-After. JSON is
 * depth-checked before it is parsed.
 */
export function bodyReader(budget: BodyBudget): RequestHandler {
  return async (req, res, next) => {
    if (!hasBody(req)) {
      next();
      return;
    }
    const limit = bodyLimitOf(req);
    if (Number(req.headers['content-length']) > limit) throw bodyTooLarge(limit);
    const kind = mediaKindOf(req.headers['content-type']);
    if (!kind) {
      // Left unread: the validator answers 415 where the operation takes a body, and the error
      // handler caps what is discarded after that answer.
      next();
      return;
    }
    assertPlainUtf8(req);
    const take = budget.forRequest(res, requesterOf(req).key);
    const declared = req.headers['content-length'];
    if (declared !== undefined && !take(Number(declared))) throw bodyBudgetSpent();
    const raw = await readBody(req, limit, declared === undefined ? take : undefined);
    req.body = kind === 'json' ? parseJson(raw) : kind === 'form' ? parseForm(raw) : raw.toString('utf8');
    next();
  };
}
