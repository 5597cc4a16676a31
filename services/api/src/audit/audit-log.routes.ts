import type { Database } from '@herald/db';
import { Router } from 'express';
import { AuditLogRepository } from './audit-log.repository';
import { callerOf, pageOf, stringQuery } from '../http/caller';

export function auditLogRoutes(db: Database): Router {
  const audit = new AuditLogRepository(db);
  return Router().get('/audit-log', async (req, res) => {
    const filters = { action: stringQuery(req, 'action'), from: stringQuery(req, 'from') };
    res.json(await audit.list(callerOf(req).projectId, filters, pageOf(req)));
  });
}
