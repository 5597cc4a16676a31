import type { Queryable } from '@herald/db';
import { pageQuery, Where, type Page, type PageRequest } from '../shared/paging';

export interface EventTypeRow {
  id: string;
  name: string;
  description: string | null;
  schema: unknown;
  example: unknown;
  created_at: Date;
  updated_at: Date;
}

export interface EventTypeFields {
  description?: string | null;
  schema?: unknown;
  example?: unknown;
}

const COLUMNS = 'id, name, description, schema, example, created_at, updated_at';

/** JSON columns take their value as JSON text; null stays SQL NULL (no schema, no example). */
const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** A project's catalogue of event types, by name (unique in the project). */
export class EventTypeRepository {
  constructor(private readonly db: Queryable) {}

  async insert(projectId: string, name: string, f: EventTypeFields): Promise<EventTypeRow> {
    const { rows } = await this.db.query<EventTypeRow>(
      `INSERT INTO event_types (project_id, name, description, schema, example) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [projectId, name, f.description ?? null, json(f.schema), json(f.example)],
    );
    return rows[0];
  }

  async find(projectId: string, name: string): Promise<EventTypeRow | undefined> {
    const { rows } = await this.db.query<EventTypeRow>(`SELECT ${COLUMNS} FROM event_types WHERE project_id = $1 AND name = $2`, [
      projectId,
      name,
    ]);
    return rows[0];
  }

  /** Only the fields given change; undefined leaves a field as it is, null clears it. */
  async update(projectId: string, name: string, f: EventTypeFields): Promise<EventTypeRow | undefined> {
    const { rows } = await this.db.query<EventTypeRow>(
      `UPDATE event_types SET
         description = CASE WHEN $3 THEN $4 ELSE description END,
         schema = CASE WHEN $5 THEN $6::jsonb ELSE schema END,
         example = CASE WHEN $7 THEN $8::jsonb ELSE example END,
         updated_at = now()
       WHERE project_id = $1 AND name = $2 RETURNING ${COLUMNS}`,
      [
        projectId,
        name,
        f.description !== undefined,
        f.description ?? null,
        f.schema !== undefined,
        json(f.schema),
        f.example !== undefined,
        json(f.example),
      ],
    );
    return rows[0];
  }

  async delete(projectId: string, name: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM event_types WHERE project_id = $1 AND name = $2', [projectId, name]);
    return (rowCount ?? 0) > 0;
  }

  list(projectId: string, prefix: string | undefined, page: PageRequest): Promise<Page<Record<string, unknown>>> {
    const where = new Where(projectId).add('starts_with(name, ?)', prefix);
    return pageQuery(this.db, { select: COLUMNS, from: 'event_types', where, orderBy: 'name, id', page });
  }
}
