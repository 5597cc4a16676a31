import type { Queryable } from '@herald/db';
import { routes, type RouteTable } from '../http/route-table';
import type { AnalyticsService } from '../analytics/analytics.service';
import type { AuditLogRepository } from '../audit/audit-log.repository';
import { pageOf, stringQuery } from '../http/caller';
import type { UsageRepository } from '../usage/usage.repository';

export interface PlatformReportDeps {
  db: Queryable;
  analytics: AnalyticsService;
  auditLog: AuditLogRepository;
  usage: UsageRepository;
}

/** The projects /admin/analytics covers: every one, an organization's, or one. */
async function projectsOf(db: Queryable, organizationId?: string, projectId?: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM projects WHERE ($1::uuid IS NULL OR organization_id = $1) AND ($2::uuid IS NULL OR id = $2)',
    [organizationId ?? null, projectId ?? null],
  );
  return rows.map((r) => r.id);
}

/** /admin/analytics, /admin/audit-log and /admin/usage: the planes' own queries, over every organization. */
export function platformReportRoutes(deps: PlatformReportDeps): RouteTable {
  const router = routes();
  router.get('/admin/analytics', async (req, res) => {
    const projects = await projectsOf(deps.db, stringQuery(req, 'organization_id'), stringQuery(req, 'project_id'));
    const query = { date_from: stringQuery(req, 'date_from'), date_to: stringQuery(req, 'date_to') };
    res.json(await deps.analytics.summary(projects, query));
  });
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
