import type { Queryable } from '@herald/db';
import type { EventInput } from '@herald/intake';
import { pageQuery, Where, type Page, type PageRequest } from '../shared/paging';

export interface ScheduledEventRow {
  id: string;
  /** Null when a member scheduled it through the console (a bearer with X-Herald-Project). */
  api_key_id: string | null;
  event_type: string;
  scheduled_for: Date;
  priority: string;
  status: string;
  event_id: string | null;
  failure_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface NewScheduledEvent {
  projectId: string;
  apiKeyId: string | null;
  scheduledFor: Date;
  request: EventInput;
  requestId?: string;
}

const COLUMNS = 'id, api_key_id, event_type, scheduled_for, priority, status, event_id, failure_reason, created_at, updated_at';

export class ScheduledEventRepository {
  constructor(private readonly db: Queryable) {}

  async insert(s: NewScheduledEvent): Promise<ScheduledEventRow> {
    const { rows } = await this.db.query<ScheduledEventRow>(
      `INSERT INTO scheduled_events (project_id, api_key_id, event_type, priority, scheduled_for, request, request_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [
        s.projectId,
        s.apiKeyId,
        s.request.event_type,
        s.request.priority ?? 'medium',
        s.scheduledFor,
        JSON.stringify(s.request),
        s.requestId ?? null,
      ],
    );
    return rows[0];
  }

  async find(projectId: string, id: string): Promise<ScheduledEventRow | undefined> {
    const { rows } = await this.db.query<ScheduledEventRow>(`SELECT ${COLUMNS} FROM scheduled_events WHERE project_id = $1 AND id = $2`, [
      projectId,
      id,
    ]);
    return rows[0];
  }

  /**
   * pending -> cancelled; an already cancelled row matches too (a repeat cancel is a no-op that
   * keeps its updated_at). The update waits for a scheduler that holds the row, then re-checks
   * the status, so a cancel never races a dispatch. Undefined when the row is in another state.
   */
  async cancel(projectId: string, id: string): Promise<ScheduledEventRow | undefined> {
    const { rows } = await this.db.query<ScheduledEventRow>(
      `UPDATE scheduled_events
          SET status = 'cancelled', updated_at = CASE WHEN status = 'pending' THEN now() ELSE updated_at END
        WHERE project_id = $1 AND id = $2 AND status IN ('pending', 'cancelled')
       RETURNING ${COLUMNS}`,
      [projectId, id],
    );
    return rows[0];
  }

  list(projectId: string, status: string | undefined, page: PageRequest): Promise<Page<Record<string, unknown>>> {
    const where = new Where(projectId).add('status = ?', status);
    return pageQuery(this.db, { select: COLUMNS, from: 'scheduled_events', where, orderBy: 'created_at DESC, id DESC', page });
  }
}
