import type { Queryable } from '@herald/db';
import { pageQuery, Where, type Page, type PageRequest } from '../shared/paging';

export interface CategoryRow {
  name: string;
  description: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'name, description, created_at, updated_at';

/** A project's declared email categories; the (project_id, name) primary key is the guard on names. */
export class CategoryRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * The project's categories, counted with its row locked, so that concurrent creations queue and
   * the per-project limit holds. Two statements: the count must see what the transactions it
   * waited for committed.
   */
  async countLockingProject(projectId: string): Promise<number> {
    await this.db.query('SELECT 1 FROM projects WHERE id = $1 FOR NO KEY UPDATE', [projectId]);
    const { rows } = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM categories WHERE project_id = $1', [projectId]);
    return rows[0].n;
  }

  async insert(projectId: string, name: string, description: string): Promise<CategoryRow> {
    const { rows } = await this.db.query<CategoryRow>(
      `INSERT INTO categories (project_id, name, description) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      [projectId, name, description],
    );
    return rows[0];
  }

  async update(projectId: string, name: string, description: string): Promise<CategoryRow | undefined> {
    const { rows } = await this.db.query<CategoryRow>(
      `UPDATE categories SET description = $3, updated_at = now() WHERE project_id = $1 AND name = $2 RETURNING ${COLUMNS}`,
      [projectId, name, description],
    );
    return rows[0];
  }

  async delete(projectId: string, name: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM categories WHERE project_id = $1 AND name = $2', [projectId, name]);
    return (rowCount ?? 0) > 0;
  }

  async exists(projectId: string, name: string): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM categories WHERE project_id = $1 AND name = $2', [projectId, name]);
    return rows.length > 0;
  }

  /** Every category of a project, oldest first: what the recipient's preferences page lists (at most the per-project limit). */
  async all(projectId: string): Promise<CategoryRow[]> {
    const { rows } = await this.db.query<CategoryRow>(`SELECT ${COLUMNS} FROM categories WHERE project_id = $1 ORDER BY created_at, name`, [
      projectId,
    ]);
    return rows;
  }

  list(projectId: string, page: PageRequest): Promise<Page<Record<string, unknown>>> {
    return pageQuery(this.db, {
      select: COLUMNS,
      from: 'categories',
      where: new Where(projectId),
      orderBy: 'created_at DESC, name DESC',
      page,
    });
  }
}
