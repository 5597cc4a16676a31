import { createHeraldClient, type HeraldClient } from '@herald/client';
import type { Middleware } from 'openapi-fetch';
import type { SessionStore } from './session-store';

/** Sign-in and refresh answers set the refresh token as an HttpOnly cookie instead of in the body. */
const COOKIE_SESSION = { 'X-Herald-Session': 'cookie' } as const;

/**
 * The console's clients: one for the control plane and one per project (the same bearer with
 * `X-Herald-Project`), all generated from openapi.yaml as any client's are. A 401 on a call made
 * with a bearer refreshes the session once (one refresh shared by every call that hit it) and
 * repeats the call; when the refresh fails too, the session is over.
 */
export class ApiClients {
  readonly control: HeraldClient;
  /** Without the bearer: for a link that brings its own identity (an invitation's token). */
  readonly anonymous: HeraldClient;
  private readonly projects = new Map<string, HeraldClient>();
  private refreshing: Promise<boolean> | undefined;
  private readonly baseUrl = `${window.location.origin}/api/v1`;

  constructor(private readonly session: SessionStore) {
    this.control = this.create();
    this.anonymous = this.create({}, false);
  }

  forProject(projectId: string): HeraldClient {
    let client = this.projects.get(projectId);
    if (!client) {
      client = this.create({ 'X-Herald-Project': projectId });
      this.projects.set(projectId, client);
    }
    return client;
  }

  /**
   * A project-plane GET whose answer is read as it arrives: `GET /deliveries/stream` is a
   * text/event-stream that stays open, and the typed client reads every body to its end before
   * answering. The browser's EventSource cannot send the bearer or X-Herald-Project, so this one
   * call is a plain fetch, with the same credentials as `forProject`'s client and the same one
   * refresh on a 401.
   */
  async fetchForProject(
    projectId: string,
    path: string,
    init: { headers?: Record<string, string>; signal?: AbortSignal } = {},
  ): Promise<Response> {
    const send = (token: string | undefined) => {
      const headers = new Headers({ ...init.headers, ...COOKIE_SESSION, 'X-Herald-Project': projectId });
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return window.fetch(`${this.baseUrl}${path}`, { headers, signal: init.signal, cache: 'no-store' });
    };
    const token = this.session.accessToken();
    const response = await send(token);
    if (response.status !== 401 || !token) return response;
    await response.body?.cancel();
    if (!(await this.refresh())) return response;
    return send(this.session.accessToken());
  }

  /** Restores the session from the refresh cookie; false when there is none worth having. */
  refresh(): Promise<boolean> {
    this.refreshing ??= this.control
      .POST('/auth/refresh', { headers: COOKIE_SESSION })
      .then(({ data }) => {
        if (data) this.session.signedIn(data);
        else this.session.signedOut();
        return Boolean(data);
      })
      .catch(() => {
        this.session.signedOut();
        return false;
      })
      .finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private create(headers: Record<string, string> = {}, withBearer = true): HeraldClient {
    const client = createHeraldClient({ baseUrl: this.baseUrl, fetch: (request) => window.fetch(request) });
    const replays = new Map<string, Request>();
    const credentials: Middleware = {
      onRequest: ({ request, id }) => {
        for (const [name, value] of Object.entries({ ...COOKIE_SESSION, ...headers })) request.headers.set(name, value);
        const token = withBearer ? this.session.accessToken() : undefined;
        if (token) {
          request.headers.set('Authorization', `Bearer ${token}`);
          replays.set(id, request.clone());
        }
        return request;
      },
      onResponse: async ({ response, id }) => {
        const replay = replays.get(id);
        replays.delete(id);
        if (response.status !== 401 || !replay) return response;
        if (!(await this.refresh())) return response;
        replay.headers.set('Authorization', `Bearer ${this.session.accessToken()}`);
        return window.fetch(replay);
      },
    };
    client.use(credentials);
    return client;
  }
}
