import type { Queryable } from '@herald/db';
import { EventStoreRepository } from '@herald/intake';
import { SystemTemplateRepository } from './system-template.repository';

/** Every repository Herald's own emails use, on the database or one transaction. */
export function systemTemplatesRepositories(q: Queryable) {
  return {
    systemTemplates: new SystemTemplateRepository(q),
    events: new EventStoreRepository(q),
  };
}

export type SystemTemplatesRepositories = ReturnType<typeof systemTemplatesRepositories>;
