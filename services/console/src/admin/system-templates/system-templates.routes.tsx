import type { RouteObject } from 'react-router';
import type { AdminPermission } from '../accounts/admin-permissions';

/** Herald's own emails, relative to the administration's routes. */
export const systemTemplatesRoutes: RouteObject[] = [
  { path: 'system-templates', lazy: () => import('./system-templates-page').then((m) => ({ Component: m.SystemTemplatesPage })) },
  { path: 'system-templates/:name', lazy: () => import('./system-template-page').then((m) => ({ Component: m.SystemTemplatePage })) },
];

export const systemTemplatesNav: Array<{ path: string; label: string; permission: AdminPermission }> = [
  { path: 'system-templates', label: 'System templates', permission: 'system_templates:read' },
];
