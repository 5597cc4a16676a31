import type { Queryable } from '@herald/db';
import { AuditLogRepository } from './audit-log.repository';

/** Every repository the audit log uses, on the database or one transaction. */
export function auditRepositories(q: Queryable) {
  return {
    auditLog: new AuditLogRepository(q),
  };
}

export type AuditRepositories = ReturnType<typeof auditRepositories>;
