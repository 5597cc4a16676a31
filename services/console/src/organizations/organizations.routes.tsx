import type { RouteObject } from 'react-router';

/** `/organizations/:organizationId` and its sections, each loaded on first visit. */
export const organizationRoutes: RouteObject[] = [
  {
    path: 'organizations/:organizationId',
    lazy: () => import('./organization-layout').then((m) => ({ Component: m.OrganizationLayout })),
    children: [
      { index: true, lazy: () => import('./organization-page').then((m) => ({ Component: m.OrganizationPage })) },
      { path: 'members', lazy: () => import('./members-page').then((m) => ({ Component: m.MembersPage })) },
      { path: 'invitations', lazy: () => import('./invitations-page').then((m) => ({ Component: m.InvitationsPage })) },
      { path: 'audit-log', lazy: () => import('./audit-log-page').then((m) => ({ Component: m.AuditLogPage })) },
      { path: 'settings', lazy: () => import('./settings-page').then((m) => ({ Component: m.SettingsPage })) },
    ],
  },
];
