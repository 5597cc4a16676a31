/**
 * Who is calling, as the gates found it: the shapes every area and the edge read, so no area has
 * to import the one that sets them (http/express-augment.ts puts them on the request).
 */

/** The signed-in user and session of a bearer request (set by auth's bearer gate). */
export interface Principal {
  userId: string;
  sessionId: string;
}

/**
 * Who acts on a project-plane request: a project API key (set by api-keys' gate), or a member's
 * bearer with `X-Herald-Project` (set by organizations' project-member gate). Exactly one of
 * `apiKeyId` and `userId` is set.
 */
export interface ProjectIdentity {
  projectId: string;
  /** What the caller holds: the key's scopes; for a member, those of the operation its role holds. */
  scopes: string[];
  apiKeyId: string | null;
  userId: string | null;
}

/**
 * The project-plane security scheme of a member's bearer (openapi.yaml), the alternative to
 * `ApiKeyAuth` on every project-plane operation, and the header that names the project.
 */
export const MEMBER_BEARER_SCHEME = 'MemberBearerAuth';
export const PROJECT_HEADER = 'x-herald-project';

/**
 * A consumer portal session (set by portal's gate): it pins one project and one consumer, and
 * opens only the operations that list `PORTAL_SCHEME`. The request's `auth` then names the project,
 * with neither an API key nor a user.
 */
export interface PortalIdentity {
  sessionId: string;
  projectId: string;
  consumerUid: string;
}

export const PORTAL_SCHEME = 'PortalAuth';
