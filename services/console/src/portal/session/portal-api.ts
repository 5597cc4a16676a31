import { createHeraldClient, type HeraldClient } from '@herald/client';
import type { Middleware } from 'openapi-fetch';
import type { PortalSessionStore } from './portal-session';

/**
 * The portal's client, generated from openapi.yaml as the console's is, with the session's token
 * as `Authorization: Bearer hps_...` (PortalAuth: no X-Herald-Project, the token pins the project
 * and the consumer). A portal session is not refreshed: a 401 means it is over, and the page says
 * so instead of failing call by call.
 */
export function createPortalApi(store: PortalSessionStore): HeraldClient {
  const client = createHeraldClient({ baseUrl: `${window.location.origin}/api/v1`, fetch: (request) => window.fetch(request) });
  const bearer: Middleware = {
    onRequest: ({ request }) => {
      const token = store.accessToken();
      // A request that names its token (ending a replaced session) keeps it.
      if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    onResponse: ({ request, response }) => {
      // Only a refusal of this tab's current token ends it; a replaced session's is no news.
      if (response.status === 401 && request.headers.get('Authorization') === `Bearer ${store.accessToken()}`) store.closed('expired');
      return response;
    },
  };
  client.use(bearer);
  return client;
}

/**
 * Exchanges the link's code for a session, or takes up the one this tab kept. A code always
 * wins over a kept session: a link that was used already says so, even in the tab that used it.
 */
export async function openPortal(store: PortalSessionStore, api: HeraldClient, code: string | undefined): Promise<void> {
  if (!code) {
    if (!store.restore()) store.noLink();
    return;
  }
  // A new link in a tab that holds a session replaces it: the old token would be lost here, so it
  // ends on the api too, beside the exchange (best effort: the new link does not wait for it).
  const replaced = store.replace();
  if (replaced) void endSession(api, replaced);
  try {
    const { data, response } = await api.POST('/portal/sessions', { body: { code } });
    if (data) store.opened(data);
    else if (response.status === 401 || response.status === 404 || response.status === 422) store.linkExpired();
    else if (response.status === 429) store.failed('Too many attempts from this network: wait a minute, then open the link again.');
    else store.failed(`The service did not answer as expected (HTTP ${response.status}). Try the link again in a moment.`);
  } catch {
    store.failed('The service could not be reached. Check the connection, then reload the page.');
  }
}

function endSession(api: HeraldClient, token: string): Promise<unknown> {
  return api.DELETE('/portal/sessions/current', { headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
}
