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

/**
 * KNOWN_UNTIL_MERGED: failures the fuzz finds on main today that other branches of issue 7 are
 * fixing. The default-seed `npm test` run stays green by skipping exactly these; the lead empties
 * this list after merging those branches, and the fuzz then holds the fixes in place. Nothing
 * else may be excused here. The one entry marked "nobody yet" has no branch fixing it (it lies in
 * the http edge); it stays until someone takes it, and is listed in the fuzz2 report.
 */
export const KNOWN_UNTIL_MERGED: KnownFailure[] = [
  {
    fixedBy: 'edge',
    why: 'the body is read (and a bad one refused with 415 or 422) before the X-API-Key is checked',
    matches: (_op, req, _res, problem) => problem.rule === 'auth-first' && req.body !== undefined,
  },
  {
    fixedBy: 'edge',
    why: 'a 413 or 429 the operation does not document becomes a 500 under response validation (tests run with it on)',
    matches: (_op, _req, res, problem) =>
      problem.rule === 'no-5xx' && /no schema defined for status code &#39;(413|429)&#39;/.test(res.text),
  },
  {
    fixedBy: 'edge',
    why: 'page has no maximum and page/per_page take Infinity: PostgreSQL refuses the OFFSET or LIMIT',
    matches: (_op, req, _res, problem) => problem.rule === 'no-5xx' && /[?&](per_)?page=(1e\d+|\d{7,}|Infinity)(&|$)/i.test(req.url),
  },
  {
    fixedBy: 'nobody yet (reported by fuzz2)',
    why: "a request line over Node's 16 KiB header limit gets Node's own bodiless 431 before Express runs",
    matches: (_op, _req, res) => res.status === 431,
  },
];

export function knownFailure(op: Operation, req: FuzzRequest, res: FuzzResponse, problem: Problem): KnownFailure | undefined {
  return KNOWN_UNTIL_MERGED.find((known) => known.matches(op, req, res, problem));
}
