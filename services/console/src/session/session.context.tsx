import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { HeraldClient } from '@herald/client';
import { ApiClients } from './api-client';
import { SessionStore, type SessionState } from './session-store';

interface Session {
  store: SessionStore;
  clients: ApiClients;
}

const SessionContext = createContext<Session | null>(null);

export function createSession(): Session {
  const store = new SessionStore();
  return { store, clients: new ApiClients(store) };
}

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

function useSessionContext(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('SessionProvider is missing');
  return session;
}

/** Who is signed in; re-renders when that changes. */
export function useSession(): SessionState {
  const { store } = useSessionContext();
  return useSyncExternalStore(store.subscribe, store.get);
}

export function useSessionStore(): SessionStore {
  return useSessionContext().store;
}

export function useApiClients(): ApiClients {
  return useSessionContext().clients;
}

/** The control-plane client (organizations, projects, keys, auth). */
export function useControlApi(): HeraldClient {
  return useSessionContext().clients.control;
}
