import { hashToken, newOpaqueToken, type OpaqueToken } from '../auth/opaque-token';

/** Recognisable prefixes: a portal link's code, and the session token it is exchanged for. */
export const PORTAL_PREFIX = { code: 'hpc_', session: 'hps_' } as const;

export const newPortalCode = (): OpaqueToken => newOpaqueToken(PORTAL_PREFIX.code);
export const newPortalSessionToken = (): OpaqueToken => newOpaqueToken(PORTAL_PREFIX.session);
export { hashToken };
