import { SecretBox } from '@herald/secrets';
import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { projectRoutes } from './project.routes';
import { projectsRepositories } from './projects.repositories';
import { ProjectsService } from './projects.service';

/** An organization's projects and their signing secrets. */
export function projectsArea({ db, config }: Infrastructure): Area {
  return {
    routes: projectRoutes(
      new ProjectsService(db, projectsRepositories, new SecretBox(config.secretsKey), config.MAX_PROJECTS_PER_ORGANIZATION),
    ),
  };
}
