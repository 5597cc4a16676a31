import { routes, type RouteTable } from '../http/route-table';
import { principalOf } from '../http/caller';
import type { ProfileService } from './profile.service';
import { requestMagicLink, type MagicLinkMailer } from './request-magic-link.use-case';
import { logout } from './logout.use-case';
import { refreshSession } from './refresh-session.use-case';
import type { SessionDeps } from './session-tokens';
import { verifyMagicLink } from './verify-magic-link.use-case';
import type { SignInThrottle } from './sign-in-throttle';

export interface AuthRouteDeps {
  mailer: MagicLinkMailer;
  sessions: SessionDeps;
  profiles: ProfileService;
  throttle: SignInThrottle;
}

/** The same answer for every valid address, so it tells nobody whether an account exists. */
const MAGIC_LINK_SENT = 'If this address can receive email, a sign-in link is on its way.';

export function authRoutes(deps: AuthRouteDeps): RouteTable {
  const router = routes();

  router.post('/auth/magic-link', deps.throttle.middleware(), async (req, res) => {
    await requestMagicLink(deps.mailer, req.body.email, req.requestId);
    res.status(202).json({ detail: MAGIC_LINK_SENT });
  });

  router.post('/auth/magic-link/verify', async (req, res) => {
    res.json(await verifyMagicLink(deps.sessions, req.body.token, req.requestId));
  });

  router.post('/auth/refresh', async (req, res) => {
    res.json(await refreshSession(deps.sessions, req.body.refresh_token, req.requestId));
  });

  router.post('/auth/logout', async (req, res) => {
    await logout(deps.sessions, principalOf(req), req.body?.all === true, req.requestId);
    res.status(204).end();
  });

  router.get('/auth/me', async (req, res) => {
    res.json(await deps.profiles.get(principalOf(req).userId));
  });

  router.patch('/auth/me', async (req, res) => {
    res.json(await deps.profiles.rename(principalOf(req).userId, req.body.name));
  });

  return router;
}
