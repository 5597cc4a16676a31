import type { Queryable } from '@herald/db';
import { AuditLogRepository } from '../audit/audit-log.repository';
import { UserRepository } from '../auth/user.repository';
import { ProjectRepository } from './project.repository';
import { TenantRepository } from './tenant.repository';

/** Every repository projects, bootstrap and the system project use, on the database or one transaction. */
export function projectsRepositories(q: Queryable) {
  return {
    projects: new ProjectRepository(q),
    tenants: new TenantRepository(q),
    users: new UserRepository(q),
    auditLog: new AuditLogRepository(q),
  };
}

export type ProjectsRepositories = ReturnType<typeof projectsRepositories>;
