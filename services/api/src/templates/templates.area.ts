import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { TemplateRepository } from './template.repository';
import { templateRoutes } from './template.routes';
import { TemplatesService } from './templates.service';

/** A project's message templates. */
export function templatesArea({ db }: Infrastructure): Area {
  const repo = new TemplateRepository(db);
  return { routes: templateRoutes({ repo, templates: new TemplatesService(repo) }) };
}
