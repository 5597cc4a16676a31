import { routes, type RouteTable } from '../http/route-table';
import type { AuditLogRepository } from './audit-log.repository';
import { callerOf, pageOf, stringQuery } from '../http/caller';

export function auditLogRoutes(audit: AuditLogRepository): RouteTable {
  return routes().get('/audit-log', async (req, res) => {
    const filters = { action: stringQuery(req, 'action'), from: stringQuery(req, 'from') };
    res.json(await audit.list(callerOf(req).projectId, filters, pageOf(req)));
  });
}
