import { hasPgCode, PgError, type Queryable } from '@herald/db';

export interface CategoryPreference {
  name: string;
  description: string;
  /** The recipient has a suppression of this category on email. */
  opted_out: boolean;
}

export interface RecipientPreferences {
  projectName: string;
  categories: CategoryPreference[];
}

/**
 * One email recipient's category opt-outs in one project: suppressions of the email channel with
 * a category, made by the recipient (reason `unsubscribed`, source `recipient`). Suppressions of
 * every category (bounces, complaints, a client's) are never read or changed here.
 */
export class RecipientPreferencesRepository {
  constructor(private readonly db: Queryable) {}

  /** Idempotent (an existing opt-out stays as it was); false when the project is gone. */
  async optOut(projectId: string, recipient: string, category: string): Promise<boolean> {
    try {
      await this.db.query(
        `INSERT INTO suppressions (project_id, channel, recipient, category, reason, source)
         VALUES ($1, 'email', $2, $3, 'unsubscribed', 'recipient')
         ON CONFLICT (project_id, channel, recipient, category) DO NOTHING`,
        [projectId, recipient, category],
      );
      return true;
    } catch (err) {
      if (hasPgCode(err, PgError.foreignKeyViolation)) return false;
      throw err;
    }
  }

  /** The project's declared categories, oldest first, each with the recipient's choice; undefined when the project is gone. */
  async read(projectId: string, recipient: string): Promise<RecipientPreferences | undefined> {
    const { rows } = await this.db.query<{ project_name: string; categories: CategoryPreference[] }>(
      `SELECT p.name AS project_name,
              COALESCE((SELECT json_agg(json_build_object(
                         'name', c.name, 'description', c.description,
                         'opted_out', EXISTS (SELECT 1 FROM suppressions s
                                               WHERE s.project_id = c.project_id AND s.channel = 'email'
                                                 AND s.recipient = $2 AND s.category = c.name))
                         ORDER BY c.created_at, c.name)
                          FROM categories c WHERE c.project_id = p.id), '[]'::json) AS categories
         FROM projects p WHERE p.id = $1`,
      [projectId, recipient],
    );
    return rows[0] && { projectName: rows[0].project_name, categories: rows[0].categories };
  }

  /**
   * The recipient gets the declared categories in `subscribed` and none of the others, in one
   * statement: opt-outs of subscribed ones are removed, the rest are added (kept if there).
   */
  async choose(projectId: string, recipient: string, subscribed: string[]): Promise<void> {
    await this.db.query(
      `WITH declared AS (
         SELECT name, name = ANY($3::text[]) AS wanted FROM categories WHERE project_id = $1
       ), back_in AS (
         DELETE FROM suppressions s USING declared d
          WHERE s.project_id = $1 AND s.channel = 'email' AND s.recipient = $2 AND s.category = d.name AND d.wanted
       )
       INSERT INTO suppressions (project_id, channel, recipient, category, reason, source)
       SELECT $1, 'email', $2, name, 'unsubscribed', 'recipient' FROM declared WHERE NOT wanted
       ON CONFLICT (project_id, channel, recipient, category) DO NOTHING`,
      [projectId, recipient, subscribed],
    );
  }
}
