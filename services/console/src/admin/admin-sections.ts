import type { LazyRouteFunction, RouteObject } from 'react-router';
import type { AdminPermission } from './admin-permissions';

export interface AdminSection {
  /** Under /admin, e.g. 'health'. */
  path: string;
  /** The link's text in the administration nav. */
  label: string;
  /** Shown to an administrator holding this permission, or any of these. */
  permission: AdminPermission | readonly AdminPermission[];
  /** The section's page, loaded on first visit (the administration code never is in the first load). */
  lazy: LazyRouteFunction<RouteObject>;
  /** Pages under the section's path (details, forms), relative to it. */
  children?: RouteObject[];
}

/**
 * The administration's sections, in nav order: one line each gives a section its route and its
 * link, shown only to administrators holding its permission.
 */
export const ADMIN_SECTIONS: AdminSection[] = [
  {
    path: 'health',
    label: 'Health',
    permission: 'health:read',
    lazy: () => import('./health/health-page').then((m) => ({ Component: m.HealthPage })),
  },
  {
    path: 'api-keys',
    label: 'API keys',
    permission: 'api_keys:read',
    lazy: () => import('./api-keys/api-keys-page').then((m) => ({ Component: m.AdminApiKeysPage })),
  },
  {
    path: 'analytics',
    label: 'Analytics',
    permission: 'analytics:read',
    lazy: () => import('./analytics/analytics-page').then((m) => ({ Component: m.AdminAnalyticsPage })),
  },
  {
    path: 'usage',
    label: 'Usage',
    permission: 'usage:read',
    lazy: () => import('./usage/usage-page').then((m) => ({ Component: m.AdminUsagePage })),
  },
  {
    path: 'audit-log',
    label: 'Audit log',
    permission: 'audit_log:read',
    lazy: () => import('./audit-log/audit-log-page').then((m) => ({ Component: m.AdminAuditLogPage })),
  },
  {
    path: 'administrators',
    label: 'Administrators',
    permission: 'administrators:read',
    lazy: () => import('./accounts/administrators-page').then((m) => ({ Component: m.AdministratorsPage })),
    children: [{ path: ':id', lazy: () => import('./accounts/administrator-page').then((m) => ({ Component: m.AdministratorPage })) }],
  },
  {
    path: 'system-accounts',
    label: 'System accounts',
    permission: 'system_accounts:read',
    lazy: () => import('./accounts/system-accounts-page').then((m) => ({ Component: m.SystemAccountsPage })),
    children: [{ path: ':id', lazy: () => import('./accounts/system-account-page').then((m) => ({ Component: m.SystemAccountPage })) }],
  },
  {
    path: 'system-templates',
    label: 'System templates',
    permission: 'system_templates:read',
    lazy: () => import('./system-templates/system-templates-page').then((m) => ({ Component: m.SystemTemplatesPage })),
    children: [
      { path: ':name', lazy: () => import('./system-templates/system-template-page').then((m) => ({ Component: m.SystemTemplatePage })) },
    ],
  },
];
