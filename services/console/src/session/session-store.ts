import type { components } from '@herald/client';

type TokenPair = components['schemas']['TokenPair'];
export type SessionUser = TokenPair['user'];

export type SessionState =
  | { status: 'restoring' }
  /** `ended`: the person signed out here (no way back to where they were); otherwise the session ran out. */
  | { status: 'signed-out'; ended?: boolean }
  | { status: 'signed-in'; user: SessionUser; accessToken: string; expiresAt: number };

/**
 * The one owner of who is signed in. The access token lives in this object only (never in
 * storage a script could read at rest); the refresh token is the api's HttpOnly cookie, so a
 * reload restores the session by refreshing. React reads it through useSession.
 */
export class SessionStore {
  private state: SessionState = { status: 'restoring' };
  private readonly listeners = new Set<() => void>();

  get = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  accessToken(): string | undefined {
    return this.state.status === 'signed-in' ? this.state.accessToken : undefined;
  }

  signedIn(pair: TokenPair): void {
    this.set({ status: 'signed-in', user: pair.user, accessToken: pair.access_token, expiresAt: Date.now() + pair.expires_in * 1000 });
  }

  signedOut(ended = false): void {
    this.set({ status: 'signed-out', ended });
  }

  private set(state: SessionState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
