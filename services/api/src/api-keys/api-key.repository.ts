import { PgError, hasPgCode, type Queryable } from '@herald/db';
import { AppError } from '@herald/errors';

/** A key as the control plane shows it: never its secret or hash. */
export interface ApiKeyView {
  id: string;
  project_id: string;
  name: string;
  prefix: string;
  scopes: string[];
  status: 'active' | 'expiring' | 'expired' | 'revoked';
  /** Timestamps as RFC 3339 strings: the response validator takes no Date where null is allowed too. */
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  /** The key a rotation issued in this one's place. */
  replaced_by: string | null;
  created_at: string;
  updated_at: string;
}

export type Row = Omit<ApiKeyView, 'expires_at' | 'last_used_at' | 'revoked_at' | 'created_at' | 'updated_at'> &
  Record<'expires_at' | 'last_used_at' | 'revoked_at', Date | null> &
  Record<'created_at' | 'updated_at', Date>;

const iso = (d: Date | null) => d && d.toISOString();

export function view(r: Row): ApiKeyView {
  return {
    ...r,
    expires_at: iso(r.expires_at),
    last_used_at: iso(r.last_used_at),
    revoked_at: iso(r.revoked_at),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** What the authenticator needs to admit a request. */
export interface ActiveApiKey {
  id: string;
  projectId: string;
  scopes: string[];
  expiresAt: Date | null;
}

export interface NewApiKey {
  id?: string;
  projectId: string;
  name: string;
  hash: string;
  prefix: string;
  scopes: string[];
  expiresAt: string | Date | null;
}

/** `expiring`: still accepted, but ends within 7 days (a rotated key in its grace period, or one near its expiry). */
export const EXPIRING_WITHIN = '7 days';

export const VIEW = `id, project_id, name, display_prefix AS prefix, scopes,
  CASE WHEN revoked_at IS NOT NULL THEN 'revoked'
       WHEN expires_at <= now() THEN 'expired'
       WHEN expires_at <= now() + interval '${EXPIRING_WITHIN}' THEN 'expiring'
       ELSE 'active' END AS status,
  expires_at, last_used_at, revoked_at, replaced_by, created_at, updated_at`;

/** API keys of a project; every query is scoped by project, so an id from another project finds nothing. */
export class ApiKeyRepository {
  constructor(private readonly db: Queryable) {}

  async insert(key: NewApiKey): Promise<ApiKeyView> {
    const { rows } = await this.db
      .query<Row>(
        `INSERT INTO api_keys (id, project_id, name, key_hash, display_prefix, scopes, expires_at)
         VALUES (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4, $5, $6, $7) RETURNING ${VIEW}`,
        [key.id ?? null, key.projectId, key.name, key.hash, key.prefix, key.scopes, key.expiresAt],
      )
      .catch((err: unknown) => {
        // The project was deleted between the role check and this insert.
        if (hasPgCode(err, PgError.foreignKeyViolation)) throw new AppError('not_found', 'project not found');
        throw err;
      });
    return view(rows[0]);
  }

  async list(projectId: string, page: { limit: number; offset: number }): Promise<{ items: ApiKeyView[]; total: number }> {
    const [count, items] = await Promise.all([
      this.db.query<{ total: string }>('SELECT count(*) AS total FROM api_keys WHERE project_id = $1', [projectId]),
      this.db.query<Row>(`SELECT ${VIEW} FROM api_keys WHERE project_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`, [
        projectId,
        page.limit,
        page.offset,
      ]),
    ]);
    return { items: items.rows.map(view), total: Number(count.rows[0].total) };
  }

  async get(projectId: string, keyId: string, lock = false): Promise<ApiKeyView | undefined> {
    const { rows } = await this.db.query<Row>(
      `SELECT ${VIEW} FROM api_keys WHERE id = $1 AND project_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [keyId, projectId],
    );
    return rows[0] && view(rows[0]);
  }

  async update(projectId: string, keyId: string, changes: { name?: string; scopes?: string[] }): Promise<ApiKeyView | undefined> {
    const { rows } = await this.db.query<Row>(
      `UPDATE api_keys SET name = coalesce($3, name), scopes = coalesce($4, scopes), updated_at = now()
        WHERE id = $1 AND project_id = $2 RETURNING ${VIEW}`,
      [keyId, projectId, changes.name ?? null, changes.scopes ?? null],
    );
    return rows[0] && view(rows[0]);
  }

  /** Ends a rotated key's life after the grace period (never later than it would have ended anyway). */
  async markReplaced(keyId: string, replacementId: string, graceSeconds: number): Promise<Date> {
    const { rows } = await this.db.query<{ expires_at: Date }>(
      `UPDATE api_keys
          SET replaced_by = $2, updated_at = now(),
              expires_at = LEAST(coalesce(expires_at, 'infinity'), now() + make_interval(secs => $3))
        WHERE id = $1 RETURNING expires_at`,
      [keyId, replacementId, graceSeconds],
    );
    return rows[0].expires_at;
  }

  /** True when this call revoked it; false when it was revoked already. Undefined: no such key. */
  async revoke(projectId: string, keyId: string): Promise<boolean | undefined> {
    const { rows } = await this.db.query<{ newly: boolean }>(
      `WITH k AS (SELECT id, revoked_at IS NULL AS active FROM api_keys WHERE id = $1 AND project_id = $2 FOR UPDATE),
            r AS (UPDATE api_keys a SET revoked_at = now(), updated_at = now() FROM k WHERE a.id = k.id AND k.active RETURNING a.id)
       SELECT k.active AS newly FROM k`,
      [keyId, projectId],
    );
    return rows[0]?.newly;
  }

  async findActiveByHash(hash: string): Promise<ActiveApiKey | undefined> {
    const { rows } = await this.db.query<{ id: string; project_id: string; scopes: string[]; expires_at: Date | null }>(
      {
        name: 'api-keys.find-active-by-hash',
        text: `SELECT id, project_id, scopes, expires_at FROM api_keys
                WHERE key_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
      },
      [hash],
    );
    const r = rows[0];
    return r && { id: r.id, projectId: r.project_id, scopes: r.scopes, expiresAt: r.expires_at };
  }

  /** Records a use; skipped in SQL when another process recorded one within the minute. */
  async touch(keyId: string): Promise<void> {
    await this.db.query(
      {
        name: 'api-keys.touch',
        text: `UPDATE api_keys SET last_used_at = now()
                WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
      },
      [keyId],
    );
  }
}
