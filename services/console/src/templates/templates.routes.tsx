import type { RouteObject } from 'react-router';

/** The project's templates: the list, a new one, an import from HTML, and one to edit. */
export const templatesRoutes: RouteObject[] = [
  { path: 'templates', lazy: () => import('./templates-page').then((m) => ({ Component: m.TemplatesPage })) },
  { path: 'templates/new', lazy: () => import('./new-template-page').then((m) => ({ Component: m.NewTemplatePage })) },
  { path: 'templates/import', lazy: () => import('./import-template-page').then((m) => ({ Component: m.ImportTemplatePage })) },
  { path: 'templates/:id', lazy: () => import('./edit-template-page').then((m) => ({ Component: m.EditTemplatePage })) },
];
