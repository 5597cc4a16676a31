import { AppError } from '@herald/errors';
import { routes, type RouteTable } from '../http/route-table';
import { principalOf } from '../http/caller';
import type { ProfileService } from './profile.service';
import { requestMagicLink, type MagicLinkMailer } from './request-magic-link.use-case';
import type { BrowserSessionCookie } from './browser-session.cookie';
import { logout, logoutByRefreshToken } from './logout.use-case';
import { refreshSession } from './refresh-session.use-case';
import type { SessionDeps } from './session-tokens';
import { verifyMagicLink } from './verify-magic-link.use-case';
import type { SignInThrottle } from './sign-in-throttle';

export interface AuthRouteDeps {
  mailer: MagicLinkMailer;
  sessions: SessionDeps;
  profiles: ProfileService;
  throttle: SignInThrottle;
  cookie: BrowserSessionCookie;
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
    res.json(deps.cookie.hand(req, res, await verifyMagicLink(deps.sessions, req.body.token, req.requestId)));
  });

  router.post('/auth/refresh', async (req, res) => {
    const bodyToken = (req.body as { refresh_token?: string } | undefined)?.refresh_token;
    const token = deps.cookie.presented(req, bodyToken);
    if (token === undefined) {
      throw new AppError(
        'unauthenticated',
        deps.cookie.requested(req)
          ? 'no refresh token: neither in the body nor as the herald_refresh cookie'
          : 'no refresh token in the body',
      );
    }
    res.json(deps.cookie.hand(req, res, await refreshSession(deps.sessions, token, req.requestId)));
  });

  router.post('/auth/logout', async (req, res) => {
    const all = req.body?.all === true;
    if (req.principal) await logout(deps.sessions, req.principal, all, req.requestId);
    else if (deps.cookie.requested(req))
      await logoutByRefreshToken(deps.sessions, deps.cookie.presented(req, undefined), all, req.requestId);
    else {
      res.setHeader('WWW-Authenticate', 'Bearer');
      throw new AppError('unauthenticated', 'missing bearer token');
    }
    if (deps.cookie.requested(req)) deps.cookie.clear(res);
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
