import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };
export type HeraldClient = Client<paths>;

export interface HeraldClientOptions {
  /** The api's base URL with its version, e.g. `http://127.0.0.1:8080/api/v1`. */
  baseUrl: string;
  /** A project API key (`hk_...`) for the project plane... */
  apiKey?: string;
  /** ...or a bearer access token for the control plane and /admin. */
  accessToken?: string;
  /** Another fetch (a proxy-aware one, or a test double); Node's global fetch by default. */
  fetch?: typeof globalThis.fetch;
}

/**
 * A client whose paths, parameters, bodies and answers are the types of openapi.yaml (generated
 * at build time from the same document the api validates against, so they cannot drift):
 * `client.POST('/events', { body })` returns `{ data }` on 2xx and `{ error }` with the documented
 * error body otherwise.
 */
export function createHeraldClient(options: HeraldClientOptions): HeraldClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), fetch: options.fetch });
  const credentials: Middleware = {
    onRequest({ request }) {
      if (options.apiKey) request.headers.set('X-API-Key', options.apiKey);
      if (options.accessToken) request.headers.set('Authorization', `Bearer ${options.accessToken}`);
      return request;
    },
  };
  client.use(credentials);
  return client;
}
