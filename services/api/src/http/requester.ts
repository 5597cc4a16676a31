import type { Request } from 'express';
import './express-augment';
import { clientAddressOf } from './client-address';

/** Who is making a request, as the edge's per-caller limits count it. */
export interface Requester {
  kind: 'api-key' | 'portal-session' | 'user' | 'system-account' | 'client-address';
  /** Distinct per caller and kind: a budget's map key. */
  key: string;
  /** How an answer names the caller ("this API key"). */
  who: string;
}

/**
 * The API key, the consumer portal session, the signed-in user, the system account, or (a call
 * without credentials) the client address. Run after the identify gates. A member's bearer on the
 * project plane is the user, wherever it acts.
 */
export function requesterOf(req: Request): Requester {
  if (req.auth?.apiKeyId) return { kind: 'api-key', key: req.auth.apiKeyId, who: 'this API key' };
  if (req.portal) return { kind: 'portal-session', key: `portal:${req.portal.sessionId}`, who: 'this portal session' };
  if (req.principal) return { kind: 'user', key: `user:${req.principal.userId}`, who: 'this user' };
  if (req.systemAccountId) return { kind: 'system-account', key: `system-account:${req.systemAccountId}`, who: 'this system account' };
  return { kind: 'client-address', key: clientAddressOf(req), who: 'this client address' };
}
