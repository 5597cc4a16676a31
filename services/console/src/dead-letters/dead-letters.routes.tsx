import type { RouteObject } from 'react-router';

/** The dead letters of a project: the list (with bulk replay) and one record's detail. */
export const deadLetterRoutes: RouteObject[] = [
  { path: 'dead-letters', lazy: () => import('./dead-letters-page').then((m) => ({ Component: m.DeadLettersPage })) },
  { path: 'dead-letters/:deadLetterId', lazy: () => import('./dead-letter-page').then((m) => ({ Component: m.DeadLetterPage })) },
];
