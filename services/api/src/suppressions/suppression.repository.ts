import type { Queryable } from '@herald/db';
import { pageQuery, Where, type Page, type PageRequest } from '../shared/paging';

export interface SuppressionRow {
  id: string;
  channel: string;
  recipient: string;
  /** null: every message on the channel; else only content of this category. */
  category: string | null;
  reason: string;
  source: string;
  created_at: Date;
}

const COLUMNS = 'id, channel, recipient, category, reason, source, created_at';

export class SuppressionRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Adding a suppression that exists returns the existing one (created false): safe to repeat.
   * Undefined when it names a category the project has not declared (checked in the insert itself).
   */
  async add(
    projectId: string,
    s: Omit<SuppressionRow, 'id' | 'created_at'>,
  ): Promise<{ row: SuppressionRow; created: boolean } | undefined> {
    const inserted = await this.db.query<SuppressionRow>(
      `INSERT INTO suppressions (project_id, channel, recipient, category, reason, source)
       SELECT $1, $2, $3, $4, $5, $6
        WHERE $4::text IS NULL OR EXISTS (SELECT 1 FROM categories WHERE project_id = $1 AND name = $4)
       ON CONFLICT (project_id, channel, recipient, category) DO NOTHING RETURNING ${COLUMNS}`,
      [projectId, s.channel, s.recipient, s.category, s.reason, s.source],
    );
    if (inserted.rows[0]) return { row: inserted.rows[0], created: true };
    const existing = await this.db.query<SuppressionRow>(
      `SELECT ${COLUMNS} FROM suppressions WHERE project_id = $1 AND channel = $2 AND recipient = $3 AND category IS NOT DISTINCT FROM $4`,
      [projectId, s.channel, s.recipient, s.category],
    );
    return existing.rows[0] && { row: existing.rows[0], created: false };
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM suppressions WHERE project_id = $1 AND id = $2', [projectId, id]);
    return (rowCount ?? 0) > 0;
  }

  list(projectId: string, filter: { channel?: string; category?: string }, page: PageRequest): Promise<Page<Record<string, unknown>>> {
    const where = new Where(projectId).add('channel = ?', filter.channel).add('category = ?', filter.category);
    return pageQuery(this.db, { select: COLUMNS, from: 'suppressions', where, orderBy: 'created_at DESC, id DESC', page });
  }
}
