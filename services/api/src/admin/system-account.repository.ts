import type { Queryable } from '@herald/db';
import { pageQuery, Where, type Page, type PageRequest } from '../shared/paging';

/** `{id, name, permissions, created_at}` as /admin/system-accounts shows it. */
export interface SystemAccountView {
  id: string;
  name: string;
  permissions: string[];
  created_at: Date;
}

/** A credential as listed: never the secret nor its hash. */
export interface CredentialView {
  id: string;
  created_at: Date;
  expires_at: string | null;
}

/** The expiry as the document types it (`[string, null]`, date-time): a Date would not validate as the nullable string. */
function credentialView(row: { id: string; created_at: Date; expires_at: Date | null }): CredentialView {
  return { ...row, expires_at: row.expires_at && row.expires_at.toISOString() };
}

const ACCOUNT = 'id, name, permissions, created_at FROM system_accounts';

/** System accounts and their credentials (only the SHA-256 of each secret is stored). */
export class SystemAccountRepository {
  constructor(private readonly db: Queryable) {}

  /** The account whose live credential hashes to this, with its permissions; undefined when none. */
  async bySecretHash(hash: string): Promise<{ id: string; permissions: string[] } | undefined> {
    const { rows } = await this.db.query<{ id: string; permissions: string[] }>(
      `SELECT a.id, a.permissions FROM system_account_credentials c JOIN system_accounts a ON a.id = c.system_account_id
       WHERE c.secret_hash = $1 AND (c.expires_at IS NULL OR c.expires_at > now())`,
      [hash],
    );
    return rows[0];
  }

  async list(limit: number, offset: number): Promise<{ items: SystemAccountView[]; total: number }> {
    const [count, items] = await Promise.all([
      this.db.query<{ total: string }>('SELECT count(*) AS total FROM system_accounts'),
      this.db.query<SystemAccountView>(`SELECT ${ACCOUNT} ORDER BY created_at, id LIMIT $1 OFFSET $2`, [limit, offset]),
    ]);
    return { items: items.rows, total: Number(count.rows[0].total) };
  }

  async get(id: string, lock = false): Promise<SystemAccountView | undefined> {
    const { rows } = await this.db.query<SystemAccountView>(`SELECT ${ACCOUNT} WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0];
  }

  async create(name: string, permissions: string[]): Promise<SystemAccountView> {
    const { rows } = await this.db.query<SystemAccountView>(
      `INSERT INTO system_accounts (name, permissions) VALUES ($1, $2) RETURNING ${ACCOUNT.replace(' FROM system_accounts', '')}`,
      [name, permissions],
    );
    return rows[0];
  }

  async update(id: string, change: { name?: string; permissions?: string[] }): Promise<void> {
    await this.db.query('UPDATE system_accounts SET name = coalesce($2, name), permissions = coalesce($3, permissions) WHERE id = $1', [
      id,
      change.name ?? null,
      change.permissions ?? null,
    ]);
  }

  /** Its credentials go with it (ON DELETE CASCADE), so they stop working in the same commit. */
  async delete(id: string): Promise<void> {
    await this.db.query('DELETE FROM system_accounts WHERE id = $1', [id]);
  }

  async addCredential(accountId: string, secretHash: string, expiresAt: string | null): Promise<CredentialView> {
    const { rows } = await this.db.query<{ id: string; created_at: Date; expires_at: Date | null }>(
      `INSERT INTO system_account_credentials (system_account_id, secret_hash, expires_at) VALUES ($1, $2, $3)
       RETURNING id, created_at, expires_at`,
      [accountId, secretHash, expiresAt],
    );
    return credentialView(rows[0]);
  }

  /** Oldest first. */
  async credentials(accountId: string, page: PageRequest): Promise<Page<CredentialView>> {
    const found = await pageQuery<{ id: string; created_at: Date; expires_at: Date | null }>(this.db, {
      select: 'id, created_at, expires_at',
      from: 'system_account_credentials',
      where: new Where(accountId, 'system_account_id = ?'),
      orderBy: 'created_at, id',
      page,
    });
    return { ...found, items: found.items.map(credentialView) };
  }

  /** True when the credential existed on this account. */
  async deleteCredential(accountId: string, credentialId: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM system_account_credentials WHERE id = $1 AND system_account_id = $2', [
      credentialId,
      accountId,
    ]);
    return (rowCount ?? 0) > 0;
  }
}
