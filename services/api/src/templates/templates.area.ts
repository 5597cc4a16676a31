import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { templateRoutes } from './template.routes';
import { templatesRepositories } from './templates.repositories';
import { TemplatesService } from './templates.service';

/** A project's message templates. */
export function templatesArea({ db }: Infrastructure): Area {
  const repo = templatesRepositories(db).templates;
  return { routes: templateRoutes({ repo, templates: new TemplatesService(repo) }) };
}
