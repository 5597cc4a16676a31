import type { HeraldClient } from '@herald/client';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * Whose endpoints the endpoint screens show, and through which client: the consumer portal (the
 * session's token, which pins the consumer) and the console's consumer page (the member's
 * project-plane client) make the same typed-client calls on `/consumers/{uid}/endpoints...`, so
 * one set of screens serves both, told apart only by this.
 */
export interface EndpointScope {
  api: HeraldClient;
  /** The consumer whose endpoints these are: every call names it. */
  uid: string;
  /** Where the app caches what these screens read; a change refreshes all under `[...cacheKey, 'endpoints']`. */
  cacheKey: readonly unknown[];
  /** The app's address of a screen named as in the portal: `/` (the endpoints), `/endpoints/<id>`, ... */
  to(path: string): string;
  /** The product the tab names after the screen (see Page). */
  titleSuffix?: string;
  /**
   * Whose endpoints these are, as the screens' titles name them: the console's member looks at
   * one consumer of many; the portal's consumer knows whose they are and leaves it out.
   */
  owner?: string;
  /**
   * Whether to offer the controls that change an endpoint; undefined while the role is still
   * being read. They only hide, the api decides.
   */
  mayWrite: boolean | undefined;
}

/** A screen's title, naming whose endpoints it shows where the scope says so. */
export function ownedTitle(title: string, owner: string | undefined, joiner: 'of' | 'for' = 'of'): string {
  return owner ? `${title} ${joiner} ${owner}` : title;
}

const EndpointScopeContext = createContext<EndpointScope | null>(null);

export function EndpointScopeProvider({ scope, children }: { scope: EndpointScope; children: ReactNode }) {
  return <EndpointScopeContext.Provider value={scope}>{children}</EndpointScopeContext.Provider>;
}

export function useEndpointScope(): EndpointScope {
  const scope = useContext(EndpointScopeContext);
  if (!scope) throw new Error('useEndpointScope outside EndpointScopeProvider');
  return scope;
}
