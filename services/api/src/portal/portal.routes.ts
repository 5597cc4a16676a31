import type { RequestHandler } from 'express';
import { callerOf } from '../http/caller';
import { routes, type RouteTable } from '../http/route-table';
import type { PortalSessionsService } from './portal-sessions.service';
import type { PortalSettingsService } from './portal-settings.service';

export interface PortalRouteDeps {
  sessions: PortalSessionsService;
  settings: PortalSettingsService;
  exchangeThrottle: RequestHandler;
}

export function portalRoutes({ sessions, settings, exchangeThrottle }: PortalRouteDeps): RouteTable {
  const router = routes();

  router.post('/consumers/:uid/portal-sessions', async (req, res) => {
    const ttl = (req.body as { session_ttl_seconds?: number } | undefined)?.session_ttl_seconds;
    res.status(201).json(await sessions.createLink(callerOf(req).projectId, req.params.uid, ttl));
  });

  router.post('/portal/sessions', exchangeThrottle, async (req, res) => {
    res.status(201).json(await sessions.exchange((req.body as { code: string }).code));
  });

  router.delete('/portal/sessions/current', async (req, res) => {
    // PortalAuth is this operation's only security: the gate has set req.portal.
    if (req.portal) await sessions.end(req.portal.sessionId);
    res.status(204).end();
  });

  router.get('/portal-settings', async (req, res) => {
    res.json(await settings.get(callerOf(req).projectId));
  });

  router.put('/portal-settings', async (req, res) => {
    res.json(await settings.put(callerOf(req).projectId, req.body));
  });

  return router;
}
