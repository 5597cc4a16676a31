import { Router } from 'express';
import type { AuditLogRepository } from '../audit/audit-log.repository';
import { pageOf, stringQuery } from '../http/caller';
import type { UsageRepository } from '../usage/usage.repository';

export interface PlatformReportDeps {
  auditLog: AuditLogRepository;
  usage: UsageRepository;
}

/** /admin/audit-log and /admin/usage: the planes' own queries, over every organization. */
export function platformReportRoutes(deps: PlatformReportDeps): Router {
  const router = Router();
  router.get('/admin/audit-log', async (req, res) => {
    const filters = {
      action: stringQuery(req, 'action'),
      from: stringQuery(req, 'from'),
      organizationId: stringQuery(req, 'organization_id'),
      projectId: stringQuery(req, 'project_id'),
      actorType: stringQuery(req, 'actor_type'),
    };
    res.json(await deps.auditLog.listAcross(filters, pageOf(req)));
  });
  router.get('/admin/usage', async (req, res) => {
    const filters = {
      from: stringQuery(req, 'from'),
      to: stringQuery(req, 'to'),
      endpoint: stringQuery(req, 'endpoint'),
      organizationId: stringQuery(req, 'organization_id'),
      projectId: stringQuery(req, 'project_id'),
    };
    res.json(await deps.usage.listAcross(filters, pageOf(req)));
  });
  return router;
}
