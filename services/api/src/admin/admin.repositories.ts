import type { Queryable } from '@herald/db';
import { AnalyticsRepository } from '../analytics/analytics.repository';
import { AuditLogRepository } from '../audit/audit-log.repository';
import { UserRepository } from '../auth/user.repository';
import { UsageRepository } from '../usage/usage.repository';
import { AdministratorRepository } from './administrator.repository';
import { PlatformApiKeyRepository } from './platform-api-keys.repository';
import { SystemAccountRepository } from './system-account.repository';

/** Every repository platform administration uses, on the database or one transaction. */
export function adminRepositories(q: Queryable) {
  return {
    administrators: new AdministratorRepository(q),
    systemAccounts: new SystemAccountRepository(q),
    platformApiKeys: new PlatformApiKeyRepository(q),
    users: new UserRepository(q),
    auditLog: new AuditLogRepository(q),
    analytics: new AnalyticsRepository(q),
    usage: new UsageRepository(q),
  };
}

export type AdminRepositories = ReturnType<typeof adminRepositories>;
