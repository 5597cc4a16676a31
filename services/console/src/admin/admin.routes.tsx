import type { RouteObject } from 'react-router';
import { ADMIN_SECTIONS } from './admin-sections';

/**
 * `/admin/...`, platform administration: each section of ADMIN_SECTIONS, loaded on first visit;
 * `/admin` itself opens the first section the administrator may see.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    children: [
      { index: true, lazy: () => import('./admin-home').then((m) => ({ Component: m.AdminHome })) },
      ...ADMIN_SECTIONS.map((section): RouteObject =>
        section.children
          ? { path: section.path, children: [{ index: true, lazy: section.lazy }, ...section.children] }
          : { path: section.path, lazy: section.lazy },
      ),
    ],
  },
];
