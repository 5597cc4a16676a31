import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { systemTemplatesRepositories } from './system-templates.repositories';
import { systemTemplateRoutes } from './system-templates.routes';
import { SystemTemplatesService } from './system-templates.service';

/** Herald's own emails (magic links, invitations): the administrators' overrides of their templates (/admin/system-templates). */
export function systemTemplatesArea({ db, config }: Infrastructure): Area {
  return { routes: systemTemplateRoutes(new SystemTemplatesService(db, systemTemplatesRepositories, config.APP_URL)) };
}
