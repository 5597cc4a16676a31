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
 * KNOWN_UNTIL_MERGED: failures the fuzz finds on main today that other branches are
 * fixing. The default-seed `npm test` run stays green by skipping exactly these; the lead empties
 * this list after merging those branches, and the fuzz then holds the fixes in place. Nothing
 * else may be excused here; it is empty now that every branch of issues 22 and 29 has landed.
 */
export const KNOWN_UNTIL_MERGED: KnownFailure[] = [];

export function knownFailure(op: Operation, req: FuzzRequest, res: FuzzResponse, problem: Problem): KnownFailure | undefined {
  return KNOWN_UNTIL_MERGED.find((known) => known.matches(op, req, res, problem));
}
