import type { Queryable } from '@herald/db';
import { pageQuery, Where, type Page, type PageRequest } from '../shared/paging';

export interface UsageCount {
  projectId: string;
  hour: Date;
  method: string;
  endpoint: string;
  count: number;
}

export interface UsageFilters {
  from?: string;
  to?: string;
  endpoint?: string;
}

export class UsageRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * One upsert for a whole flush. Rows go in primary-key order, so api replicas flushing the same
   * hours at once take their row locks in the same order and cannot deadlock.
   */
  async add(counts: UsageCount[]): Promise<void> {
    if (!counts.length) return;
    const rows = [...counts].sort(
      (a, b) =>
        a.projectId.localeCompare(b.projectId) ||
        a.hour.getTime() - b.hour.getTime() ||
        a.endpoint.localeCompare(b.endpoint) ||
        a.method.localeCompare(b.method),
    );
    await this.db.query(
      `INSERT INTO usage_hourly (project_id, hour, method, endpoint, request_count)
       SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::text[], $5::bigint[])
       ON CONFLICT (project_id, hour, endpoint, method) DO UPDATE SET request_count = usage_hourly.request_count + EXCLUDED.request_count`,
      [
        rows.map((r) => r.projectId),
        rows.map((r) => r.hour),
        rows.map((r) => r.method),
        rows.map((r) => r.endpoint),
        rows.map((r) => r.count),
      ],
    );
  }

  /** `from` and `to` select the hours they fall in, so a `from` of 10:30 includes the 10:00 hour. */
  list(projectId: string, filters: UsageFilters, page: PageRequest): Promise<Page<Record<string, unknown>>> {
    const where = new Where(projectId)
      .add("hour >= date_trunc('hour', ?::timestamptz)", filters.from)
      .add("hour <= date_trunc('hour', ?::timestamptz)", filters.to)
      .add('endpoint = ?', filters.endpoint);
    return pageQuery(this.db, {
      select: 'hour, endpoint, method, request_count::int AS request_count',
      from: 'usage_hourly',
      where,
      orderBy: 'hour DESC, endpoint, method',
      page,
    });
  }

  /**
   * Requests per project, endpoint and hour over the projects an organization owns now, every
   * method summed (the control plane's shape). Same hour rules as `list`.
   */
  listForOrganization(
    organizationId: string,
    filters: UsageFilters & { projectId?: string },
    page: PageRequest,
  ): Promise<Page<Record<string, unknown>>> {
    return this.listAcross({ ...filters, organizationId }, page, false);
  }

  /**
   * The same rows over the whole platform for /admin/usage, with each project's organization;
   * every filter optional.
   */
  listAcross(
    filters: UsageFilters & { projectId?: string; organizationId?: string },
    page: PageRequest,
    withOrganization = true,
  ): Promise<Page<Record<string, unknown>>> {
    const where = new Where(filters.organizationId, 'organization_id = ?')
      .add('project_id = ?', filters.projectId)
      .add("hour >= date_trunc('hour', ?::timestamptz)", filters.from)
      .add("hour <= date_trunc('hour', ?::timestamptz)", filters.to)
      .add('endpoint = ?', filters.endpoint);
    // Every filter is on a grouping column, so PostgreSQL applies them inside the subquery.
    return pageQuery(this.db, {
      select: `hour,${withOrganization ? ' organization_id,' : ''} project_id, endpoint, request_count`,
      from: `(SELECT u.hour, p.organization_id, u.project_id, u.endpoint, sum(u.request_count)::int AS request_count
                FROM usage_hourly u JOIN projects p ON p.id = u.project_id GROUP BY u.hour, p.organization_id, u.project_id, u.endpoint) AS u`,
      where,
      orderBy: 'hour DESC, project_id, endpoint',
      page,
    });
  }
}
