import type { Database } from '@herald/db';
import { AppError } from '@herald/errors';
import { generateSigningSecret, type SecretBox } from '@herald/secrets';
import { found } from '../shared/found';
import { offsetOf, pageOf, type Page, type PageRequest } from '../shared/paging';
import { auditChange } from '../audit/change.audit';
import type { Actor } from '../organizations/control-plane-actor';
import type { RepositoryFactory } from '../shared/repositories';
import type { ProjectView } from './project.repository';
import type { ProjectsRepositories } from './projects.repositories';

export interface ProjectInput {
  name?: string;
  description?: string | null;
}

/**
 * Projects of an organization, managed by its admins. The signing secret is shown once, at
 * creation or rotation, and stored sealed (AES-256-GCM): the webhook worker needs it in clear.
 * Every change is audited in its own transaction, never with the secret.
 */
export class ProjectsService {
  private readonly repos: ProjectsRepositories;

  constructor(
    private readonly db: Database,
    private readonly repositories: RepositoryFactory<ProjectsRepositories>,
    private readonly box: SecretBox,
    /** MAX_PROJECTS_PER_ORGANIZATION */
    private readonly maxPerOrganization: number,
  ) {
    this.repos = repositories(db);
  }

  create(
    input: Required<Pick<ProjectInput, 'name'>> & ProjectInput,
    actor: Actor,
  ): Promise<ProjectView & { webhook_signing_secret: string }> {
    const secret = generateSigningSecret();
    return this.db.transaction(async (tx) => {
      const projects = this.repositories(tx).projects;
      const held = await projects.countLockingOrganization(actor.organizationId);
      if (held === undefined) throw new AppError('not_found', 'organization not found');
      if (held >= this.maxPerOrganization) {
        throw new AppError('conflict', `project quota reached: an organization may hold at most ${this.maxPerOrganization} projects`);
      }
      const project = await projects.insert(actor.organizationId, input.name.trim(), input.description ?? null, this.box.seal(secret));
      await auditChange(tx, actor, 'project.created', project.id, { target_id: project.id, name: project.name });
      return { ...project, webhook_signing_secret: secret };
    });
  }

  async list(actor: Actor, page: PageRequest): Promise<Page<ProjectView>> {
    const offset = offsetOf(page);
    const { items, total } = await this.repos.projects.list(actor.organizationId, { limit: page.perPage, offset });
    return pageOf(items, total, page);
  }

  async get(projectId: string): Promise<ProjectView> {
    return found(await this.repos.projects.get(projectId), 'project');
  }

  update(projectId: string, input: ProjectInput, actor: Actor): Promise<ProjectView> {
    const changes = { name: input.name?.trim(), description: input.description };
    return this.db.transaction(async (tx) => {
      const project = found(await this.repositories(tx).projects.update(projectId, changes), 'project');
      const sent = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      await auditChange(tx, actor, 'project.updated', projectId, { target_id: projectId, ...sent });
      return project;
    });
  }

  /**
   * Removes the project and all its data. Its keys' rows go with it, and their deletion
   * triggers notify every api process, which stop accepting them at once. The delete takes row
   * locks across events and notifications that fan-out and the workers also take, in their own
   * order: a deadlock is possible, and the deletion, if picked as its victim, runs again.
   */
  delete(projectId: string, actor: Actor): Promise<void> {
    return this.db.transactionRetryingDeadlocks(async (tx) => {
      const project = found(await this.repositories(tx).projects.delete(projectId), 'project');
      await auditChange(tx, actor, 'project.deleted', null, { target_id: projectId, project_id: projectId, name: project.name });
    });
  }

  rotateSigningSecret(
    projectId: string,
    graceSeconds: number,
    actor: Actor,
  ): Promise<{ webhook_signing_secret: string; previous_expires_at: Date }> {
    const secret = generateSigningSecret();
    return this.db.transaction(async (tx) => {
      const previousExpiresAt = await this.repositories(tx).projects.rotateSecret(projectId, this.box.seal(secret), graceSeconds);
      if (!previousExpiresAt) throw new AppError('not_found', 'project not found');
      await auditChange(tx, actor, 'project.signing_secret_rotated', projectId, {
        target_id: projectId,
        grace_period_seconds: graceSeconds,
        previous_expires_at: previousExpiresAt.toISOString(),
      });
      return { webhook_signing_secret: secret, previous_expires_at: previousExpiresAt };
    });
  }
}
