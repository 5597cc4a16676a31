import type { Config } from '@herald/config';
import type { Database } from '@herald/db';
import type { MessageQueue, TopologyNames } from '@herald/messaging';
import type { RequestHandler } from 'express';
import { routes, type RouteTable } from '../http/route-table';
import type { ApiKeysService } from '../api-keys/api-keys.service';
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
import { systemTemplateRoutes } from '../system-templates/system-templates.routes';
import { SystemTemplatesService } from '../system-templates/system-templates.service';

export interface AdminArea {
  /** Checks x-required-permission; runs after the bearer gate. */
  gate: RequestHandler;
  routes: RouteTable;
}

export interface AdminAreaDeps {
  db: Database;
  broker: MessageQueue;
  names: TopologyNames;
  config: Config;
  apiKeys: ApiKeysService;
}

/** Platform administration (/admin/*): administrators, platform health, every project's API keys, Herald's own email templates. */
export function adminArea(deps: AdminAreaDeps): AdminArea {
  const { db } = deps;
  return {
    gate: adminGate(new AdministratorRepository(db), new SystemAccountRepository(db)),
    routes: routes().include(
      adminRoutes({
        administrators: new AdministratorsService(db),
        apiKeys: new PlatformApiKeysService(db, deps.apiKeys),
        health: new PlatformHealthCheck(db, deps.broker),
      }),
      systemAccountRoutes(new SystemAccountsService(db)),
      platformReportRoutes({
        db,
        analytics: new AnalyticsService(new AnalyticsRepository(db)),
        auditLog: new AuditLogRepository(db),
        usage: new UsageRepository(db),
      }),
      systemTemplateRoutes(new SystemTemplatesService(db, deps.config.APP_URL)),
    ),
  };
}
