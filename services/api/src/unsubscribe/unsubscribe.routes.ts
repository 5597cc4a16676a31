import type { Request, RequestHandler, Response } from 'express';
import { stringQuery } from '../http/caller';
import { routes, type RouteTable } from '../http/route-table';
import { invalidLinkPage, preferencesPage, PREFERENCES_PAGE_HEADERS } from './preferences.page';
import type { PreferencesView, RecipientPreferencesUseCase } from './recipient-preferences.use-case';

/** openapi.yaml requires the token; the validator has refused a request without it. */
const tokenOf = (req: Request) => stringQuery(req, 'token') ?? '';

/** A form field given once is a string, repeated an array, absent (nothing ticked) undefined. */
const listOf = (value: unknown): string[] => (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []);

function page(res: Response, view: PreferencesView | undefined, token: string, saved: boolean): void {
  res.set(PREFERENCES_PAGE_HEADERS);
  if (view) res.status(200).send(preferencesPage(view, token, saved));
  else res.status(404).send(invalidLinkPage());
}

/**
 * The link in every category email, outside the API key and bearer planes: the signed token in
 * the query is the only credential. POST is RFC 8058's one-click; GET and the page's form are the
 * recipient's own choices.
 */
export function unsubscribeRoutes({
  preferences,
  throttle,
}: {
  preferences: RecipientPreferencesUseCase;
  throttle: RequestHandler;
}): RouteTable {
  const router = routes();

  router.post('/unsubscribe', throttle, async (req, res) => {
    await preferences.oneClick(tokenOf(req));
    res.status(200).json({ unsubscribed: true });
  });

  router.get('/unsubscribe', throttle, async (req, res) => {
    page(res, await preferences.view(tokenOf(req)), tokenOf(req), false);
  });

  router.post('/unsubscribe/preferences', throttle, async (req, res) => {
    page(res, await preferences.choose(tokenOf(req), listOf(req.body?.subscribed)), tokenOf(req), true);
  });

  return router;
}
