import type { Queryable } from '@herald/db';
import { AppError } from '@herald/errors';
import type { ProjectView } from '../projects/project.repository';
import { projectsRepositories } from '../projects/projects.repositories';
import { uuidArgument } from './arguments';

/** The project a `--project` option names, which must exist (a typo is an error, not an empty answer). */
export async function projectArgument(db: Queryable, value: string): Promise<ProjectView> {
  const project = await projectsRepositories(db).projects.get(uuidArgument('--project', value));
  if (!project) throw new AppError('not_found', `project ${value} not found`);
  return project;
}
