import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { HeraldClient } from '@herald/client';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { styleNonce } from '../../app/style-nonce';
import { ApiError } from '../../session/api-error';
import type { PortalSessionStore } from '../session/portal-session';
import { EndpointScopeProvider, type EndpointScope } from '../../shared/endpoint-scope';
import { PortalProvider, usePortalApi, usePortalSession, usePortalState } from '../session/portal.context';
import { portalCssVariables, portalMantineTheme } from './portal-mantine';
import { PortalMessage } from './portal-message';
import { createPortalRouter } from './portal-routes';
import { applyTheme } from './portal-theme';
import { PORTAL_TITLE_SUFFIX } from './portal-title';

const nonce = styleNonce();

function newQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; a network blip or a 5xx may.
        retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
        refetchOnWindowFocus: false,
        staleTime: 5_000,
      },
    },
  });
}

/**
 * One session's screens. Their router is made when the session opens, not with the page: a link
 * opened in a tab already showing the portal changes only the fragment, and a router made before
 * would have read `#code=...` as its location (the code leaves the address bar by replaceState,
 * which a router does not hear of) and shown "Not found" under the new session.
 */
function PortalScreens() {
  const api = usePortalApi();
  const { consumer } = usePortalSession();
  const [router] = useState(createPortalRouter);
  // The replaced session's router stops listening to the address bar with it.
  useEffect(() => () => router.dispose(), [router]);
  // The session's consumer, every write offered (the token pins what it may change).
  const [scope] = useState<EndpointScope>(() => ({
    api,
    uid: consumer.uid,
    cacheKey: ['portal'],
    to: (path) => path,
    titleSuffix: PORTAL_TITLE_SUFFIX,
    mayWrite: true,
  }));
  return (
    <EndpointScopeProvider scope={scope}>
      <RouterProvider router={router} />
    </EndpointScopeProvider>
  );
}

/** The screens while a session is open; a message in their place while none is. */
function PortalGate() {
  const state = usePortalState();
  const [queries] = useState(newQueryClient);
  const theme = state.status === 'open' ? state.session.theme : undefined;
  useEffect(() => {
    if (theme) applyTheme(document.documentElement, theme);
  }, [theme]);
  useEffect(() => {
    // Nothing read with a session stays in memory after it, nor shows under the next one.
    if (state.status !== 'open') queries.clear();
  }, [state.status, queries]);
  if (state.status !== 'open') return <PortalMessage state={state} />;
  return (
    <QueryClientProvider client={queries}>
      <PortalScreens key={state.session.accessToken} />
    </QueryClientProvider>
  );
}

/**
 * The consumer portal: a page of its own (portal.html), sharing the console's stack and a few of
 * its leaf components but none of its screens, session or routes. Always in the light scheme: the
 * project's theme sets the colours, and a dark scheme would fight them.
 */
export function PortalApp({ store, api }: { store: PortalSessionStore; api: HeraldClient }) {
  return (
    <MantineProvider
      theme={portalMantineTheme}
      forceColorScheme="light"
      getStyleNonce={() => nonce}
      cssVariablesResolver={portalCssVariables}
    >
      <PortalProvider store={store} api={api}>
        <PortalGate />
      </PortalProvider>
    </MantineProvider>
  );
}
