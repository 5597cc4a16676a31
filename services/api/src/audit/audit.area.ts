import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { AuditLogRepository } from './audit-log.repository';
import { auditLogRoutes } from './audit-log.routes';
import { auditTrail } from './audit.middleware';

/** A project's audit log: recorded on the edge once the body is read, read by a route. */
export function auditArea({ db, logger }: Infrastructure): Area {
  const log = new AuditLogRepository(db);
  return { routes: auditLogRoutes(log), gates: [{ stage: 'record', handler: auditTrail(log, logger) }] };
}
