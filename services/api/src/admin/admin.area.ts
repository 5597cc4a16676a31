import type { Area } from '../http/area';
import { routes } from '../http/route-table';
import { apiKeysRepositories } from '../api-keys/api-keys.repositories';
import { ApiKeysService } from '../api-keys/api-keys.service';
import type { Infrastructure } from '../shared/infrastructure';
import { adminGate } from './admin-gate';
import { adminRepositories } from './admin.repositories';
import { adminRoutes } from './admin.routes';
import { AdministratorsService } from './administrators.service';
import { PlatformApiKeysService } from './platform-api-keys.service';
import { AnalyticsService } from '../analytics/analytics.service';
import { PlatformHealthCheck } from '../health/platform-health';
import { platformReportRoutes } from './platform-reports.routes';
import { systemAccountRoutes } from './system-accounts.routes';
import { SystemAccountsService } from './system-accounts.service';

/**
 * Platform administration (/admin/*): administrators, system accounts, platform health and
 * reports, every project's API keys. Its gate checks x-required-permission (after the bearer
 * gate) on every /admin operation, Herald's own email templates (system-templates/) included.
 */
export function adminArea(deps: Infrastructure): Area {
  const { db } = deps;
  const repos = adminRepositories(db);
  return {
    gates: [{ stage: 'authorize', handler: adminGate(repos.administrators, repos.systemAccounts) }],
    routes: routes().include(
      adminRoutes({
        administrators: new AdministratorsService(db, adminRepositories),
        apiKeys: new PlatformApiKeysService(db, adminRepositories, new ApiKeysService(db, apiKeysRepositories)),
        health: new PlatformHealthCheck(db, deps.broker),
      }),
      systemAccountRoutes(new SystemAccountsService(db, adminRepositories)),
      platformReportRoutes({
        db,
        analytics: new AnalyticsService(repos.analytics),
        auditLog: repos.auditLog,
        usage: repos.usage,
      }),
    ),
  };
}
