/**
 * Who is calling, as the gates found it: the shapes every area and the edge read, so no area has
 * to import the one that sets them (http/express-augment.ts puts them on the request).
 */

/** The signed-in user and session of a bearer request (set by auth's bearer gate). */
export interface Principal {
  userId: string;
  sessionId: string;
}

/** The project API key of a project-plane request (set by api-keys' gate). */
export interface ApiKeyIdentity {
  apiKeyId: string;
  projectId: string;
  scopes: string[];
}
