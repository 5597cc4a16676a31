import type { Queryable } from '@herald/db';
import { pageQuery, Where, type Page, type PageRequest } from '../shared/paging';

export interface AuditEntry {
  /** Null for entries of no project (sign-in, logout). */
  projectId: string | null;
  action: string;
  actorApiKeyId: string | null;
  /** The signed-in user who acted, when a user did. */
  actorUserId?: string | null;
  /** The system account that acted (an /admin credential), when one did. */
  actorSystemAccountId?: string | null;
  /** The organization acted on (control-plane entries). */
  organizationId?: string | null;
  metadata: Record<string, unknown>;
  requestId?: string;
}

export class AuditLogRepository {
  constructor(private readonly db: Queryable) {}

  async insert(e: AuditEntry): Promise<void> {
    await this.db.query(
      `INSERT INTO audit_log (project_id, action, actor_api_key_id, actor_user_id, metadata, request_id, organization_id, actor_system_account_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        e.projectId,
        e.action,
        e.actorApiKeyId,
        e.actorUserId ?? null,
        JSON.stringify(e.metadata),
        e.requestId ?? null,
        e.organizationId ?? null,
        e.actorSystemAccountId ?? null,
      ],
    );
  }

  list(projectId: string, filters: { action?: string; from?: string }, page: PageRequest): Promise<Page<Record<string, unknown>>> {
    const where = new Where(projectId).add('action = ?', filters.action).add('created_at >= ?', filters.from);
    return pageQuery(this.db, {
      select: 'id, action, actor_api_key_id, actor_user_id, metadata, request_id, created_at',
      from: 'audit_log',
      where,
      orderBy: 'created_at DESC, id DESC',
      page,
    });
  }

  /**
   * An organization's entries: its own (members, invitations, projects) and those of every
   * project it owns now, whoever acted. `projectId`, when given, narrows to one of its projects.
   */
  listForOrganization(
    organizationId: string,
    filters: { action?: string; from?: string; projectId?: string },
    page: PageRequest,
  ): Promise<Page<Record<string, unknown>>> {
    return this.listAcross({ ...filters, organizationId }, page, false);
  }

  /**
   * Entries of every plane, for /admin/audit-log; each filter is optional, and `organizationId`
   * takes its projects' entries as for an organization. `actorType` is user, system_account,
   * api_key or system.
   */
  listAcross(
    filters: { action?: string; from?: string; projectId?: string; organizationId?: string; actorType?: string },
    page: PageRequest,
    platform = true,
  ): Promise<Page<Record<string, unknown>>> {
    const where = new Where(filters.organizationId, ORGANIZATION_SCOPE)
      .add('project_id = ?', filters.projectId)
      .add('action = ?', filters.action)
      .add('created_at >= ?', filters.from)
      .add(`${ACTOR_TYPE} = ?`, filters.actorType);
    return pageQuery(this.db, {
      select: `id, action, ${ACTOR_TYPE} AS actor_type,
               actor_user_id, actor_api_key_id,${platform ? ' actor_system_account_id, organization_id,' : ''} project_id, metadata, created_at`,
      from: 'audit_log',
      where,
      orderBy: 'created_at DESC, id DESC',
      page,
    });
  }
}

const ACTOR_TYPE = `(CASE WHEN actor_user_id IS NOT NULL THEN 'user' WHEN actor_system_account_id IS NOT NULL THEN 'system_account'
  WHEN actor_api_key_id IS NOT NULL THEN 'api_key' ELSE 'system' END)`;

/** Both halves can use an index (audit_log_organization_created, audit_log_project_created). */
const ORGANIZATION_SCOPE = '(organization_id = ? OR project_id = ANY (ARRAY(SELECT id FROM projects WHERE organization_id = ?)))';
