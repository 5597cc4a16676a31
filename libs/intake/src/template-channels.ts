import type { Queryable } from '@herald/db';
import type { CategoryDeclared, TemplateChannels } from './event-rules';

/** The template lookup the event rules need: channels for which the project has a template with this id or name. */
export function templateChannelsOf(db: Queryable): TemplateChannels {
  return async (projectId, ref) => {
    const { rows } = await db.query<{ channel: string }>(
      ref.id
        ? 'SELECT channel FROM templates WHERE project_id = $1 AND id = $2'
        : 'SELECT channel FROM templates WHERE project_id = $1 AND name = $2',
      [projectId, ref.id ?? ref.name],
    );
    return rows.map((r) => r.channel);
  };
}

/** The category lookup the event rules need, for inline content. */
export function categoryDeclaredIn(db: Queryable): CategoryDeclared {
  return async (projectId, name) => {
    const { rows } = await db.query('SELECT 1 FROM categories WHERE project_id = $1 AND name = $2', [projectId, name]);
    return rows.length > 0;
  };
}
