import type { HeraldClient } from '@herald/client';
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { PortalSession, PortalSessionStore, PortalState } from './portal-session';

interface PortalContextValue {
  store: PortalSessionStore;
  api: HeraldClient;
}

const PortalContext = createContext<PortalContextValue | null>(null);

export function PortalProvider({ store, api, children }: PortalContextValue & { children: ReactNode }) {
  return <PortalContext.Provider value={{ store, api }}>{children}</PortalContext.Provider>;
}

function usePortalContext(): PortalContextValue {
  const value = useContext(PortalContext);
  if (!value) throw new Error('usePortal* outside PortalProvider');
  return value;
}

export function usePortalStore(): PortalSessionStore {
  return usePortalContext().store;
}

export function usePortalApi(): HeraldClient {
  return usePortalContext().api;
}

export function usePortalState(): PortalState {
  const { store } = usePortalContext();
  return useSyncExternalStore(store.subscribe, store.get);
}

/** The open session; the pages that use it are shown only while there is one. */
export function usePortalSession(): PortalSession {
  const state = usePortalState();
  if (state.status !== 'open') throw new Error('usePortalSession without an open session');
  return state.session;
}
