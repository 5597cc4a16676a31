import type { RouteObject } from 'react-router';
import type { AdminPermission } from './admin-permissions';

/** Administrators and system accounts, relative to the administration's routes. */
export const accountsRoutes: RouteObject[] = [
  { path: 'administrators', lazy: () => import('./administrators-page').then((m) => ({ Component: m.AdministratorsPage })) },
  { path: 'administrators/:id', lazy: () => import('./administrator-page').then((m) => ({ Component: m.AdministratorPage })) },
  { path: 'system-accounts', lazy: () => import('./system-accounts-page').then((m) => ({ Component: m.SystemAccountsPage })) },
  { path: 'system-accounts/:id', lazy: () => import('./system-account-page').then((m) => ({ Component: m.SystemAccountPage })) },
];

/** Each page is offered to those holding the permission that reads it. */
export const accountsNav: Array<{ path: string; label: string; permission: AdminPermission }> = [
  { path: 'administrators', label: 'Administrators', permission: 'administrators:read' },
  { path: 'system-accounts', label: 'System accounts', permission: 'system_accounts:read' },
];
