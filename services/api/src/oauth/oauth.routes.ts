import { BrowserSessionCookie } from '../auth/browser-session.cookie';
import { routes, type RouteTable } from '../http/route-table';
import { principalOf } from '../http/caller';
import { authorize } from './authorize.use-case';
import { completeAuthorization } from './callback.use-case';
import type { OAuthDeps } from './oauth-deps';
import { disconnect } from './disconnect.use-case';
import { redeemCode } from './redeem-code.use-case';

export function oauthRoutes(deps: OAuthDeps): RouteTable {
  const router = routes();
  const cookie = new BrowserSessionCookie(deps.publicUrl);

  router.get('/oauth/providers', (_req, res) => {
    res.json({ providers: deps.providers.names().map((name) => ({ name })) });
  });

  router.post('/oauth/:provider/authorize', async (req, res) => {
    const body = req.body as { redirect_uri: string; intent?: 'login' | 'connect' };
    res.json(await authorize(deps, req.params.provider, { redirectUri: body.redirect_uri, intent: body.intent ?? 'login' }, req.principal));
  });

  router.get('/oauth/:provider/callback', async (req, res) => {
    const rawQuery = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
    const location = await completeAuthorization(deps, req.params.provider, req.query, rawQuery);
    // The location carries a one-time code: keep it out of Referer headers (and out of caches: x-no-store).
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.redirect(302, location);
  });

  router.post('/oauth/token', async (req, res) => {
    const answer = await redeemCode(deps, (req.body as { code: string }).code, req.principal, req.requestId);
    // A login starts a session (a browser session keeps its refresh token in the cookie); a connect starts none.
    res.json('refresh_token' in answer ? cookie.hand(req, res, answer) : answer);
  });

  router.delete('/oauth/:provider/connection', async (req, res) => {
    await disconnect(deps, principalOf(req).userId, req.params.provider, req.requestId);
    res.status(204).end();
  });

  return router;
}
