import type { Area } from '../http/area';
import { routes } from '../http/route-table';
import { ApiKeysService } from '../api-keys/api-keys.service';
import type { Infrastructure } from '../shared/infrastructure';
import { adminGate } from './admin-gate';
import { adminRoutes } from './admin.routes';
import { AdministratorRepository } from './administrator.repository';
import { AdministratorsService } from './administrators.service';
import { PlatformApiKeysService } from './platform-api-keys.service';
import { AnalyticsRepository } from '../analytics/analytics.repository';
import { AnalyticsService } from '../analytics/analytics.service';
import { AuditLogRepository } from '../audit/audit-log.repository';
import { UsageRepository } from '../usage/usage.repository';
import { PlatformHealthCheck } from '../health/platform-health';
import { platformReportRoutes } from './platform-reports.routes';
import { SystemAccountRepository } from './system-account.repository';
import { systemAccountRoutes } from './system-accounts.routes';
import { SystemAccountsService } from './system-accounts.service';

/**
 * Platform administration (/admin/*): administrators, system accounts, platform health and
 * reports, every project's API keys. Its gate checks x-required-permission (after the bearer
 * gate) on every /admin operation, Herald's own email templates (system-templates/) included.
 */
export function adminArea(deps: Infrastructure): Area {
  const { db } = deps;
  return {
    gates: [{ stage: 'authorize', handler: adminGate(new AdministratorRepository(db), new SystemAccountRepository(db)) }],
    routes: routes().include(
      adminRoutes({
        administrators: new AdministratorsService(db),
        apiKeys: new PlatformApiKeysService(db, new ApiKeysService(db)),
        health: new PlatformHealthCheck(db, deps.broker),
      }),
      systemAccountRoutes(new SystemAccountsService(db)),
      platformReportRoutes({
        db,
        analytics: new AnalyticsService(new AnalyticsRepository(db)),
        auditLog: new AuditLogRepository(db),
        usage: new UsageRepository(db),
      }),
    ),
  };
}
