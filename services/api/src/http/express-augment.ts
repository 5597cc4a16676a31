import type { PortalIdentity, ProjectIdentity, Principal } from '../shared/request-identity';

/** What the gates put on a request and the edge (rate limit, security handlers) reads. */
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      requestId?: string;
      /** Who acts on a project-plane request: its API key, or a member's bearer with X-Herald-Project. */
      auth?: ProjectIdentity;
      /** The signed-in user and session of a bearer request. */
      principal?: Principal;
      /** The consumer portal session of a `PortalAuth` request (with `auth` naming its project). */
      portal?: PortalIdentity;
      /** The system account calling an /admin operation with one of its credentials. */
      systemAccountId?: string;
    }
  }
}

export {};
