import type { EmailHeaders } from '@herald/contracts';
import type { Queryable } from '@herald/db';
import { pageQuery, Where, type Page, type PageRequest } from '../shared/paging';

export interface TemplateRow {
  id: string;
  project_id: string;
  name: string;
  channel: 'email' | 'sms' | 'webhook';
  subject: string | null;
  body: string;
  text_body: string | null;
  from_local: string | null;
  from_name: string | null;
  reply_to: string | null;
  headers: EmailHeaders | null;
  variables: string[];
  on_missing_variable: 'error' | 'blank';
  /** null is `transactional`; else a category the project declared (a foreign key). */
  category: string | null;
  created_at: Date;
  updated_at: Date;
}

export type TemplateFields = Pick<
  TemplateRow,
  'subject' | 'body' | 'text_body' | 'from_local' | 'from_name' | 'reply_to' | 'headers' | 'variables' | 'on_missing_variable' | 'category'
>;

const COLUMNS =
  'id, project_id, name, channel, subject, body, text_body, from_local, from_name, reply_to, headers, variables, on_missing_variable, category, created_at, updated_at';
const FIELD_NAMES = [
  'subject',
  'body',
  'text_body',
  'from_local',
  'from_name',
  'reply_to',
  'headers',
  'variables',
  'on_missing_variable',
  'category',
] as const;
const FIELD_VALUES = FIELD_NAMES.map((_, i) => `$${i + 4}`).join(', ');

export class TemplateRepository {
  constructor(private readonly db: Queryable) {}

  async insert(projectId: string, name: string, channel: string, f: TemplateFields): Promise<TemplateRow> {
    const { rows } = await this.db.query<TemplateRow>(
      `INSERT INTO templates (project_id, name, channel, ${FIELD_NAMES.join(', ')})
       VALUES ($1, $2, $3, ${FIELD_VALUES}) RETURNING ${COLUMNS}`,
      [projectId, name, channel, ...FIELD_NAMES.map((k) => f[k])],
    );
    return rows[0];
  }

  /** Create-or-update on (project, name, channel): one statement, so concurrent calls agree on one id. */
  async upsertByName(projectId: string, name: string, channel: string, f: TemplateFields): Promise<{ row: TemplateRow; created: boolean }> {
    const { rows } = await this.db.query<TemplateRow & { created: boolean }>(
      `INSERT INTO templates (project_id, name, channel, ${FIELD_NAMES.join(', ')})
       VALUES ($1, $2, $3, ${FIELD_VALUES})
       ON CONFLICT (project_id, name, channel) DO UPDATE SET
         ${FIELD_NAMES.map((k) => `${k} = EXCLUDED.${k}`).join(', ')}, updated_at = now()
       RETURNING ${COLUMNS}, (xmax = 0) AS created`,
      [projectId, name, channel, ...FIELD_NAMES.map((k) => f[k])],
    );
    const { created, ...row } = rows[0];
    return { row, created };
  }

  async update(projectId: string, id: string, name: string, f: TemplateFields): Promise<TemplateRow | undefined> {
    const { rows } = await this.db.query<TemplateRow>(
      `UPDATE templates SET name = $3, ${FIELD_NAMES.map((k, i) => `${k} = $${i + 4}`).join(', ')}, updated_at = now()
        WHERE project_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [projectId, id, name, ...FIELD_NAMES.map((k) => f[k])],
    );
    return rows[0];
  }

  async find(projectId: string, id: string): Promise<TemplateRow | undefined> {
    const { rows } = await this.db.query<TemplateRow>(`SELECT ${COLUMNS} FROM templates WHERE project_id = $1 AND id = $2`, [
      projectId,
      id,
    ]);
    return rows[0];
  }

  async findByName(projectId: string, name: string): Promise<TemplateRow[]> {
    const { rows } = await this.db.query<TemplateRow>(`SELECT ${COLUMNS} FROM templates WHERE project_id = $1 AND name = $2`, [
      projectId,
      name,
    ]);
    return rows;
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM templates WHERE project_id = $1 AND id = $2', [projectId, id]);
    return (rowCount ?? 0) > 0;
  }

  list(projectId: string, channel: string | undefined, page: PageRequest): Promise<Page<Record<string, unknown>>> {
    const where = new Where(projectId).add('channel = ?', channel);
    return pageQuery(this.db, {
      select: `id, name, channel, COALESCE(category, 'transactional') AS category, subject, variables, on_missing_variable, created_at, updated_at`,
      from: 'templates',
      where,
      orderBy: 'created_at DESC, id DESC',
      page,
    });
  }
}
