import type { Queryable } from '@herald/db';
import { TemplateRepository } from './template.repository';

/** Every repository a project's templates use, on the database or one transaction. */
export function templatesRepositories(q: Queryable) {
  return {
    templates: new TemplateRepository(q),
  };
}
