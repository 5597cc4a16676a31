import type { Queryable } from '@herald/db';
import { pageQuery, Where, type Page, type PageRequest } from '../shared/paging';

export interface SuppressionRow {
  id: string;
  channel: string;
  recipient: string;
  reason: string;
  source: string;
  created_at: Date;
}

const COLUMNS = 'id, channel, recipient, reason, source, created_at';

export class SuppressionRepository {
  constructor(private readonly db: Queryable) {}

  /** Adding a suppression that exists returns the existing one (created false): safe to repeat. */
  async add(projectId: string, s: Omit<SuppressionRow, 'id' | 'created_at'>): Promise<{ row: SuppressionRow; created: boolean }> {
    const inserted = await this.db.query<SuppressionRow>(
      `INSERT INTO suppressions (project_id, channel, recipient, reason, source) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (project_id, channel, recipient) DO NOTHING RETURNING ${COLUMNS}`,
      [projectId, s.channel, s.recipient, s.reason, s.source],
    );
    if (inserted.rows[0]) return { row: inserted.rows[0], created: true };
    const existing = await this.db.query<SuppressionRow>(
      `SELECT ${COLUMNS} FROM suppressions WHERE project_id = $1 AND channel = $2 AND recipient = $3`,
      [projectId, s.channel, s.recipient],
    );
    return { row: existing.rows[0], created: false };
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM suppressions WHERE project_id = $1 AND id = $2', [projectId, id]);
    return (rowCount ?? 0) > 0;
  }

  list(projectId: string, channel: string | undefined, page: PageRequest): Promise<Page<Record<string, unknown>>> {
    const where = new Where(projectId).add('channel = ?', channel);
    return pageQuery(this.db, { select: COLUMNS, from: 'suppressions', where, orderBy: 'created_at DESC, id DESC', page });
  }
}
