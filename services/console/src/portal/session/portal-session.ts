import type { components } from '@herald/client';

export type PortalTheme = components['schemas']['PortalTheme'];
/** What POST /portal/sessions answers. */
type Exchanged = components['schemas']['PortalSession'];

/** What the portal knows once a link has been exchanged: whose it is and how it looks. */
export interface PortalSession {
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  consumer: Exchanged['consumer'];
  project: Exchanged['project'];
  theme: PortalTheme;
}

export type PortalState =
  | { status: 'opening' }
  | { status: 'open'; session: PortalSession }
  /** The link's code was refused: unknown, already used or past its five minutes (the api does not say which). */
  | { status: 'link-expired' }
  /** Opened without a code and with no session kept in this tab. */
  | { status: 'no-link' }
  /** The session ran out (`expired`) or the person ended it (`ended`). */
  | { status: 'closed'; reason: 'expired' | 'ended' }
  /** The exchange did not get an answer worth acting on (network, 429, 5xx). */
  | { status: 'failed'; message: string };

/**
 * The one owner of the portal's session. The token is kept in sessionStorage (this tab only,
 * gone when it closes) so a reload within the session keeps working; it is dropped as soon as
 * the api refuses it or the person ends the session. Storage may be refused (a third-party
 * frame with storage blocked): the session then lives in memory and a reload needs a new link.
 */
export class PortalSessionStore {
  private state: PortalState = { status: 'opening' };
  private readonly listeners = new Set<() => void>();
  private readonly storageKey: string;

  constructor(
    projectId: string,
    private readonly storage: Storage | undefined = safeSessionStorage(),
  ) {
    this.storageKey = `herald.portal.${projectId}`;
  }

  get = (): PortalState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  accessToken(): string | undefined {
    return this.state.status === 'open' ? this.state.session.accessToken : undefined;
  }

  opened(exchanged: Exchanged, now = Date.now()): void {
    const session: PortalSession = {
      accessToken: exchanged.access_token,
      expiresAt: now + exchanged.expires_in * 1000,
      consumer: exchanged.consumer,
      project: exchanged.project,
      theme: exchanged.theme ?? {},
    };
    this.write(session);
    this.set({ status: 'open', session });
  }

  /** The session this tab kept, when it has not run out; false otherwise. */
  restore(now = Date.now()): boolean {
    const kept = this.read();
    if (!kept || kept.expiresAt <= now) {
      this.write(undefined);
      return false;
    }
    this.set({ status: 'open', session: kept });
    return true;
  }

  opening(): void {
    this.set({ status: 'opening' });
  }

  /**
   * Gives up the session this tab holds (open, or kept from before a page load) for a new link's,
   * and returns its token, so that it can be ended on the api rather than left working unseen.
   */
  replace(): string | undefined {
    const held = this.accessToken() ?? this.read()?.accessToken;
    this.write(undefined);
    this.opening();
    return held;
  }

  linkExpired(): void {
    this.write(undefined);
    this.set({ status: 'link-expired' });
  }

  noLink(): void {
    this.set({ status: 'no-link' });
  }

  failed(message: string): void {
    this.set({ status: 'failed', message });
  }

  closed(reason: 'expired' | 'ended'): void {
    this.write(undefined);
    if (this.state.status === 'open') this.set({ status: 'closed', reason });
  }

  private read(): PortalSession | undefined {
    try {
      const raw = this.storage?.getItem(this.storageKey);
      const parsed = raw ? (JSON.parse(raw) as PortalSession) : undefined;
      return parsed && typeof parsed.accessToken === 'string' && typeof parsed.expiresAt === 'number' ? parsed : undefined;
    } catch {
      return undefined;
    }
  }

  private write(session: PortalSession | undefined): void {
    try {
      if (session) this.storage?.setItem(this.storageKey, JSON.stringify(session));
      else this.storage?.removeItem(this.storageKey);
    } catch {
      // Storage refused or full: the session still works in memory.
    }
  }

  private set(state: PortalState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
