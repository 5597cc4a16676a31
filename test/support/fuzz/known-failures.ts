import type { Operation } from './openapi-operations';
import type { FuzzRequest } from './operation-request.arbitrary';
import type { FuzzResponse } from './fuzz-request.sender';
import type { Problem } from './response.checks';

export interface KnownFailure {
  /** The helper branch whose merge fixes it. */
  fixedBy: string;
  why: string;
  matches(op: Operation, req: FuzzRequest, res: FuzzResponse, problem: Problem): boolean;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Every string (keys included) of a JSON document, or the raw text when it is not JSON. */
function stringsOf(text: string): string[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return [text];
  }
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') {
      for (const [key, inner] of Object.entries(v)) {
        out.push(key);
        walk(inner);
      }
    }
  };
  walk(doc);
  return out;
}

/** The control plane (/auth, /organizations, /projects/{id}, /invitations, /oauth) and the admin plane, signed in or not. */
const CONTROL_OR_ADMIN = /^\/(auth|organizations|projects|invitations|oauth|admin)(\/|$)/;

const isFiveHundred = (res: FuzzResponse, problem: Problem) => problem.rule === 'no-5xx' && res.status >= 500;
const queryParam = (req: FuzzRequest, name: string) => new URLSearchParams(req.url.split('?')[1] ?? '').getAll(name);

/**
 * KNOWN_UNTIL_MERGED: failures the fuzz finds on main today that other branches are fixing. The
 * default-seed `npm test` run stays green by skipping exactly these; the lead empties this list
 * after merging those branches, and the fuzz then holds the fixes in place. Nothing else may be
 * excused here.
 */
export const KNOWN_UNTIL_MERGED: KnownFailure[] = [
  {
    fixedBy: 'storable-text',
    why: 'the control and admin planes store text with NUL or a lone surrogate as is, and PostgreSQL refuses it: a 500 where the project plane answers 422',
    matches: (op, req, res, problem) =>
      CONTROL_OR_ADMIN.test(op.path) && isFiveHundred(res, problem) && req.body !== undefined && stringsOf(req.body.text).some(unstorable),
  },
  {
    fixedBy: 'lead',
    why: 'POST /admin/system-accounts/{id}/credentials with an expires_at answers 500: the row comes back with expires_at as a Date, which the response validator refuses (it must be a string)',
    matches: (op, req, res, problem) =>
      op.operationId === 'createSystemAccountCredential' &&
      isFiveHundred(res, problem) &&
      req.body !== undefined &&
      /"expires_at"\s*:\s*"/.test(req.body.text),
  },
  {
    fixedBy: 'lead',
    why: 'GET /admin/api-keys?prefix= with a NUL in it answers 500 (PostgreSQL: invalid byte sequence for encoding "UTF8": 0x00)',
    matches: (op, req, res, problem) =>
      op.operationId === 'adminListApiKeys' && isFiveHundred(res, problem) && queryParam(req, 'prefix').some((p) => p.includes('\u0000')),
  },
];

export function knownFailure(op: Operation, req: FuzzRequest, res: FuzzResponse, problem: Problem): KnownFailure | undefined {
  return KNOWN_UNTIL_MERGED.find((known) => known.matches(op, req, res, problem));
}
