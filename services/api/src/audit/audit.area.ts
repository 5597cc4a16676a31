import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { auditLogRoutes } from './audit-log.routes';
import { auditRepositories } from './audit.repositories';
import { auditTrail } from './audit.middleware';

/** A project's audit log: recorded on the edge once the body is read, read by a route. */
export function auditArea({ db, logger }: Infrastructure): Area {
  const log = auditRepositories(db).auditLog;
  return { routes: auditLogRoutes(log), gates: [{ stage: 'record', handler: auditTrail(log, logger) }] };
}
