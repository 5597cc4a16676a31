import type { RouteObject } from 'react-router';

/** Under /projects/:projectId: the project's audit log. */
export const auditRoutes: RouteObject[] = [
  { path: 'audit-log', lazy: () => import('./audit-log-page').then((m) => ({ Component: m.AuditLogPage })) },
];
