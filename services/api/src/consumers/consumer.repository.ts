import type { Queryable } from '@herald/db';
import { pageQuery, Where, type Page, type PageRequest } from '../shared/paging';

export interface ConsumerRow {
  id: string;
  uid: string;
  name: string;
  metadata: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, uid, name, metadata, created_at, updated_at';

/** A project's consumers, by their uid (the caller's own id, unique in the project). */
export class ConsumerRepository {
  constructor(private readonly db: Queryable) {}

  async insert(projectId: string, c: Pick<ConsumerRow, 'uid' | 'name' | 'metadata'>): Promise<ConsumerRow> {
    const { rows } = await this.db.query<ConsumerRow>(
      `INSERT INTO consumers (project_id, uid, name, metadata) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [projectId, c.uid, c.name, JSON.stringify(c.metadata)],
    );
    return rows[0];
  }

  async find(projectId: string, uid: string): Promise<ConsumerRow | undefined> {
    const { rows } = await this.db.query<ConsumerRow>(`SELECT ${COLUMNS} FROM consumers WHERE project_id = $1 AND uid = $2`, [
      projectId,
      uid,
    ]);
    return rows[0];
  }

  /** Locks the consumer for the transaction: its endpoint count cannot move until it commits. */
  async lock(projectId: string, uid: string): Promise<ConsumerRow | undefined> {
    const { rows } = await this.db.query<ConsumerRow>(`SELECT ${COLUMNS} FROM consumers WHERE project_id = $1 AND uid = $2 FOR UPDATE`, [
      projectId,
      uid,
    ]);
    return rows[0];
  }

  async update(projectId: string, uid: string, c: { name?: string; metadata?: Record<string, unknown> }): Promise<ConsumerRow | undefined> {
    const { rows } = await this.db.query<ConsumerRow>(
      `UPDATE consumers SET name = COALESCE($3, name), metadata = COALESCE($4::jsonb, metadata), updated_at = now()
        WHERE project_id = $1 AND uid = $2 RETURNING ${COLUMNS}`,
      [projectId, uid, c.name ?? null, c.metadata === undefined ? null : JSON.stringify(c.metadata)],
    );
    return rows[0];
  }

  /** Its endpoints go with it (ON DELETE CASCADE); their past notifications stay. */
  async delete(projectId: string, uid: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM consumers WHERE project_id = $1 AND uid = $2', [projectId, uid]);
    return (rowCount ?? 0) > 0;
  }

  list(projectId: string, page: PageRequest): Promise<Page<Record<string, unknown>>> {
    return pageQuery(this.db, {
      select: COLUMNS,
      from: 'consumers',
      where: new Where(projectId),
      orderBy: 'created_at DESC, id DESC',
      page,
    });
  }
}
