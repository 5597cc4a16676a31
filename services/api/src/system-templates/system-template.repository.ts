import type { Queryable } from '@herald/db';
import type { SystemTemplateOverride } from './built-in-templates';

/** Who last stored a replacement: a signed-in administrator or a system account. */
export type TemplateEditor =
  { type: 'user'; id: string; email: string | null } | { type: 'system_account'; id: string; name: string | null };

export interface StoredSystemTemplate extends SystemTemplateOverride {
  name: string;
  updated_at: Date;
  updated_by: TemplateEditor | null;
}

interface Row extends SystemTemplateOverride {
  name: string;
  updated_at: Date;
  user_id: string | null;
  user_email: string | null;
  account_id: string | null;
  account_name: string | null;
}

const SELECT = `
  SELECT t.name, t.subject, t.body, t.text_body, t.updated_at,
         t.updated_by_user_id AS user_id, u.email AS user_email,
         t.updated_by_system_account_id AS account_id, a.name AS account_name
    FROM system_templates t
    LEFT JOIN users u ON u.id = t.updated_by_user_id
    LEFT JOIN system_accounts a ON a.id = t.updated_by_system_account_id`;

function toStored(row: Row): StoredSystemTemplate {
  const { user_id, user_email, account_id, account_name, ...rest } = row;
  let updated_by: TemplateEditor | null = null;
  if (user_id) updated_by = { type: 'user', id: user_id, email: user_email };
  else if (account_id) updated_by = { type: 'system_account', id: account_id, name: account_name };
  return { ...rest, updated_by };
}

/** Operators' replacements of Herald's own emails, one row per customized template. */
export class SystemTemplateRepository {
  constructor(private readonly db: Queryable) {}

  async find(name: string): Promise<StoredSystemTemplate | undefined> {
    const { rows } = await this.db.query<Row>(`${SELECT} WHERE t.name = $1`, [name]);
    return rows[0] && toStored(rows[0]);
  }

  async list(): Promise<StoredSystemTemplate[]> {
    const { rows } = await this.db.query<Row>(`${SELECT} ORDER BY t.name`);
    return rows.map(toStored);
  }

  /** Create or replace in one statement, so concurrent writes leave one whole version. */
  async upsert(name: string, t: SystemTemplateOverride, by: { userId: string | null; systemAccountId: string | null }): Promise<void> {
    await this.db.query(
      `INSERT INTO system_templates (name, subject, body, text_body, updated_by_user_id, updated_by_system_account_id)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (name) DO UPDATE SET subject = EXCLUDED.subject, body = EXCLUDED.body, text_body = EXCLUDED.text_body,
         updated_at = now(), updated_by_user_id = EXCLUDED.updated_by_user_id,
         updated_by_system_account_id = EXCLUDED.updated_by_system_account_id`,
      [name, t.subject, t.body, t.text_body, by.userId, by.systemAccountId],
    );
  }

  /** True when there was a replacement to remove. */
  async delete(name: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM system_templates WHERE name = $1', [name]);
    return (rowCount ?? 0) > 0;
  }
}
