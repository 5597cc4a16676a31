import type { Queryable } from '@herald/db';
import { VIEW, view, type ApiKeyView, type Row } from '../api-keys/api-key.repository';

/** A key as the administration plane shows it: the project's view plus its organization. Never the secret or hash. */
export type PlatformApiKeyView = ApiKeyView & { organization_id: string };

export interface PlatformKeyFilter {
  organization_id?: string;
  project_id?: string;
  prefix?: string;
  status?: string;
}

/** Every key with its organization; the status is computed as on the project plane. */
const KEYS = `(SELECT ${VIEW}, organization_id, key_hash
  FROM (SELECT k.*, p.organization_id FROM api_keys k JOIN projects p ON p.id = k.project_id) k) v`;

function platformView(r: Row & { organization_id: string }): PlatformApiKeyView {
  const { organization_id: organizationId, ...key } = r;
  return { ...view(key), organization_id: organizationId };
}

/** API keys of every project, for administrators. */
export class PlatformApiKeyRepository {
  constructor(private readonly db: Queryable) {}

  async list(filter: PlatformKeyFilter, limit: number, offset: number): Promise<{ items: PlatformApiKeyView[]; total: number }> {
    const clauses: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: string | undefined) => {
      if (value === undefined) return;
      params.push(value);
      clauses.push(sql.replace('?', `$${params.length}`));
    };
    add('organization_id = ?', filter.organization_id);
    add('project_id = ?', filter.project_id);
    // A prefix is matched literally: LIKE's wildcards in it are escaped.
    add(`prefix LIKE replace(replace(replace(?, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`, filter.prefix);
    add('status = ?', filter.status);
    const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
    const [count, items] = await Promise.all([
      this.db.query<{ total: string }>(`SELECT count(*) AS total FROM ${KEYS} ${where}`, params),
      this.db.query<Row & { organization_id: string; key_hash?: string }>(
        `SELECT * FROM ${KEYS} ${where} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, limit, offset],
      ),
    ]);
    return { items: items.rows.map(withoutHash).map(platformView), total: Number(count.rows[0].total) };
  }

  async get(id: string): Promise<PlatformApiKeyView | undefined> {
    const { rows } = await this.db.query<Row & { organization_id: string; key_hash?: string }>(`SELECT * FROM ${KEYS} WHERE id = $1`, [id]);
    return rows[0] && platformView(withoutHash(rows[0]));
  }

  /** The key whose secret hashes to this, revoked or expired as well: a leaked secret's record. */
  async findByHash(hash: string): Promise<PlatformApiKeyView | undefined> {
    const { rows } = await this.db.query<Row & { organization_id: string; key_hash?: string }>(
      `SELECT * FROM ${KEYS} WHERE key_hash = $1`,
      [hash],
    );
    return rows[0] && platformView(withoutHash(rows[0]));
  }
}

function withoutHash<T extends { key_hash?: string }>(row: T): Omit<T, 'key_hash'> {
  const { key_hash: _hash, ...rest } = row;
  return rest;
}
