import type { RouteObject } from 'react-router';

/** The pages a person reaches before signing in: sign-in, and the links Herald's emails and OAuth carry (APP_URL/...). */
export const authRoutes: RouteObject[] = [
  { path: 'sign-in', lazy: () => import('./sign-in-page').then((m) => ({ Component: m.SignInPage })) },
  { path: 'auth/verify', lazy: () => import('./verify-magic-link-page').then((m) => ({ Component: m.VerifyMagicLinkPage })) },
  { path: 'oauth/done', lazy: () => import('./oauth-done-page').then((m) => ({ Component: m.OAuthDonePage })) },
  { path: 'invitations/accept', lazy: () => import('./accept-invitation-page').then((m) => ({ Component: m.AcceptInvitationPage })) },
];
