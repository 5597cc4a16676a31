import { randomUUID } from 'node:crypto';
import type { Database } from '@herald/db';
import { AppError, ValidationFailed } from '@herald/errors';
import { generateApiKey } from '@herald/secrets';
import { auditChange } from '../audit/change.audit';
import type { Actor } from '../organizations/control-plane-actor';
import { found } from '../shared/found';
import { offsetOf, pageOf, type Page, type PageRequest } from '../shared/paging';
import type { RepositoryFactory } from '../shared/repositories';
import type { ApiKeyView } from './api-key.repository';
import type { ApiKeysRepositories } from './api-keys.repositories';

export interface CreateKeyInput {
  name: string;
  scopes: string[];
  expires_at?: string | null;
}

/** A key's secret, shown in this answer only. */
export type IssuedKey = ApiKeyView & { key: string };

const unique = (scopes: string[]) => [...new Set(scopes)];

function futureOrNull(expiresAt: string | null | undefined): string | null {
  if (expiresAt === undefined || expiresAt === null) return null;
  if (Date.parse(expiresAt) <= Date.now()) {
    throw new ValidationFailed([{ loc: ['body', 'expires_at'], msg: 'must be in the future', type: 'value_error' }]);
  }
  return expiresAt;
}

/**
 * A project's API keys, managed by its organization's developers. The secret is shown once, at
 * creation or rotation; every change is audited (never with the secret). Revocation, scope and
 * expiry changes reach every api process through the `api_keys` triggers' notifications.
 */
export class ApiKeysService {
  private readonly repos: ApiKeysRepositories;

  constructor(
    private readonly db: Database,
    private readonly repositories: RepositoryFactory<ApiKeysRepositories>,
  ) {
    this.repos = repositories(db);
  }

  create(projectId: string, input: CreateKeyInput, actor: Actor): Promise<IssuedKey> {
    const expiresAt = futureOrNull(input.expires_at);
    const secret = generateApiKey();
    const scopes = unique(input.scopes);
    return this.db.transaction(async (tx) => {
      const key = await this.repositories(tx).apiKeys.insert({
        projectId,
        name: input.name.trim(),
        hash: secret.hash,
        prefix: secret.displayPrefix,
        scopes,
        expiresAt,
      });
      await auditChange(tx, actor, 'api_key.created', projectId, { target_id: key.id, name: key.name, scopes, expires_at: expiresAt });
      return { ...key, key: secret.plaintext };
    });
  }

  async list(projectId: string, page: PageRequest): Promise<Page<ApiKeyView>> {
    const offset = offsetOf(page);
    const { items, total } = await this.repos.apiKeys.list(projectId, { limit: page.perPage, offset });
    return pageOf(items, total, page);
  }

  async get(projectId: string, keyId: string): Promise<ApiKeyView> {
    return found(await this.repos.apiKeys.get(projectId, keyId), 'API key');
  }

  update(projectId: string, keyId: string, changes: { name?: string; scopes?: string[] }, actor: Actor): Promise<ApiKeyView> {
    const clean = { name: changes.name?.trim(), scopes: changes.scopes && unique(changes.scopes) };
    return this.db.transaction(async (tx) => {
      const key = found(await this.repositories(tx).apiKeys.update(projectId, keyId, clean), 'API key');
      await auditChange(tx, actor, 'api_key.updated', projectId, { target_id: keyId, ...definedOnly(clean) });
      return key;
    });
  }

  /**
   * Issues a key with the same name, scopes and expiry in place of this one, which keeps working
   * for the grace period (0: stops at once). The row lock makes a second rotation of the same
   * key wait, then find it replaced (409).
   */
  rotate(
    projectId: string,
    keyId: string,
    graceSeconds: number,
    actor: Actor,
  ): Promise<IssuedKey & { replaces: { id: string; expires_at: Date } }> {
    const secret = generateApiKey();
    return this.db.transaction(async (tx) => {
      const keys = this.repositories(tx).apiKeys;
      const old = found(await keys.get(projectId, keyId, true), 'API key');
      if (old.replaced_by) throw new AppError('conflict', `this key was already rotated; its replacement is ${old.replaced_by}`);
      if (old.status === 'revoked' || old.status === 'expired')
        throw new AppError('conflict', `this key is ${old.status}; create a new one instead`);
      const replacementId = randomUUID();
      const expiresAt = await keys.markReplaced(keyId, replacementId, graceSeconds);
      const key = await keys.insert({
        id: replacementId,
        projectId,
        name: old.name,
        hash: secret.hash,
        prefix: secret.displayPrefix,
        scopes: old.scopes,
        expiresAt: old.expires_at,
      });
      await auditChange(tx, actor, 'api_key.rotated', projectId, {
        target_id: keyId,
        replacement_id: key.id,
        grace_period_seconds: graceSeconds,
        old_key_expires_at: expiresAt.toISOString(),
      });
      return { ...key, key: secret.plaintext, replaces: { id: keyId, expires_at: expiresAt } };
    });
  }

  /** Idempotent: revoking a revoked key changes nothing and writes no second entry. */
  revoke(projectId: string, keyId: string, actor: Actor): Promise<void> {
    return this.db.transaction(async (tx) => {
      const newly = await this.repositories(tx).apiKeys.revoke(projectId, keyId);
      if (newly === undefined) throw new AppError('not_found', 'API key not found');
      if (newly) await auditChange(tx, actor, 'api_key.revoked', projectId, { target_id: keyId });
    });
  }
}

function definedOnly(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
