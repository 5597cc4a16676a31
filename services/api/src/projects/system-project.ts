import type { Database } from '@herald/db';
import { generateSigningSecret, type SecretBox } from '@herald/secrets';
import type { SystemProjectRef } from '../shared/infrastructure';
import { projectsRepositories, type ProjectsRepositories } from './projects.repositories';

/** The organization (marked `is_system`; the name is only a label) and project Herald's own emails are published from. */
export const SYSTEM_ORGANIZATION_NAME = 'herald-system';
const SYSTEM_PROJECT_NAME = 'system';

/**
 * Made on first use rather than by a migration, because a project's signing secret is sealed
 * with HERALD_SECRETS_KEY, which migrations do not have. It has no members and no API keys, so
 * no client can read its events; its emails go through the same fan-out and email-worker as any
 * project's (its suppression list applies to them too).
 */
export class SystemProject implements SystemProjectRef {
  private id?: Promise<string>;
  private readonly repos: ProjectsRepositories;

  constructor(
    db: Database,
    private readonly box: SecretBox,
  ) {
    this.repos = projectsRepositories(db);
  }

  projectId(): Promise<string> {
    this.id ??= this.ensure().catch((err: unknown) => {
      this.id = undefined;
      throw err;
    });
    return this.id;
  }

  private async ensure(): Promise<string> {
    const { tenants } = this.repos;
    const organizationId = await tenants.upsertSystemOrganization(SYSTEM_ORGANIZATION_NAME);
    const project = await tenants.upsertProject(organizationId, SYSTEM_PROJECT_NAME, this.box.seal(generateSigningSecret()));
    return project.id;
  }
}
