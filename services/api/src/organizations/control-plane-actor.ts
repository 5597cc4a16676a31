import type { Request } from 'express';
import { principalOf } from '../http/caller';
import { membershipOf } from './role-gate';

/** The signed-in member acting on an organization (and its projects), as the role gate found them. */
export interface Actor {
  /** Null when a system account acted (on /admin/*). */
  userId: string | null;
  systemAccountId?: string | null;
  organizationId: string;
  requestId?: string;
  /** Set when no signed-in principal acted (the operator's `herald` CLI): recorded as the entry's `via`. */
  via?: string;
}

export function actorOf(req: Request): Actor {
  return { userId: principalOf(req).userId, organizationId: membershipOf(req).organizationId, requestId: req.requestId };
}
