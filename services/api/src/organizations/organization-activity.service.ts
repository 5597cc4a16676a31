import type { Database } from '@herald/db';
import { AppError } from '@herald/errors';
import type { Page, PageRequest } from '../shared/paging';
import type { RepositoryFactory } from '../shared/repositories';
import type { OrganizationsRepositories } from './organizations.repositories';

type Query = Record<string, unknown>;

const text = (query: Query, name: string): string | undefined => (typeof query[name] === 'string' ? query[name] : undefined);

/**
 * Usage and audit entries over every project of an organization, read through the project
 * plane's own repositories. A `project_id` filter must name one of the organization's projects
 * (another organization's is a 404, as everywhere on this plane).
 */
export class OrganizationActivity {
  private readonly repos: OrganizationsRepositories;

  constructor(db: Database, repositories: RepositoryFactory<OrganizationsRepositories>) {
    this.repos = repositories(db);
  }

  async usage(organizationId: string, query: Query, page: PageRequest): Promise<Page<Record<string, unknown>>> {
    const projectId = await this.ownProject(organizationId, text(query, 'project_id'));
    const filters = { projectId, from: text(query, 'from'), to: text(query, 'to'), endpoint: text(query, 'endpoint') };
    return this.repos.usage.listForOrganization(organizationId, filters, page);
  }

  async auditLog(organizationId: string, query: Query, page: PageRequest): Promise<Page<Record<string, unknown>>> {
    const projectId = await this.ownProject(organizationId, text(query, 'project_id'));
    const filters = { projectId, action: text(query, 'action'), from: text(query, 'from') };
    return this.repos.auditLog.listForOrganization(organizationId, filters, page);
  }

  private async ownProject(organizationId: string, projectId: string | undefined): Promise<string | undefined> {
    if (projectId === undefined) return undefined;
    if (!(await this.repos.organizations.ownsProject(organizationId, projectId))) {
      throw new AppError('not_found', 'project not found in this organization');
    }
    return projectId;
  }
}
