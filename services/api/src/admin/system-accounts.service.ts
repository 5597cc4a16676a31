import type { Database } from '@herald/db';
import { AppError, ValidationFailed } from '@herald/errors';
import { newOpaqueToken, TOKEN_PREFIX } from '../auth/opaque-token';
import { found } from '../shared/found';
import { offsetOf, pageOf, type Page, type PageRequest } from '../shared/paging';
import { auditAdminAction, type AdminActor } from '../audit/admin-action.audit';
import { mayActOn, mayGrant } from './permission-dominance';
import { normalizePermissions } from './permissions';
import type { RepositoryFactory } from '../shared/repositories';
import type { AdminRepositories } from './admin.repositories';
import type { CredentialView, SystemAccountView } from './system-account.repository';

/** /admin/system-accounts: machine administrators and their credentials (a secret is shown once). */
export class SystemAccountsService {
  private readonly repos: AdminRepositories;

  constructor(
    private readonly db: Database,
    private readonly repositories: RepositoryFactory<AdminRepositories>,
  ) {
    this.repos = repositories(db);
  }

  async list(page: PageRequest): Promise<Page<SystemAccountView>> {
    const { items, total } = await this.repos.systemAccounts.list(page.perPage, offsetOf(page));
    return pageOf(items, total, page);
  }

  async get(id: string): Promise<SystemAccountView> {
    return found(await this.repos.systemAccounts.get(id), 'system account');
  }

  /** Every permission given must be held by the caller, as for administrators. */
  create(actor: AdminActor, callerHolds: string[], input: { name: string; permissions: string[] }): Promise<SystemAccountView> {
    const permissions = normalizePermissions(input.permissions);
    mayGrant(callerHolds, permissions);
    return this.db.transaction(async (tx) => {
      const account = await this.repositories(tx).systemAccounts.create(input.name.trim(), permissions);
      await auditAdminAction(tx, actor, 'system_account.created', {}, { target_id: account.id, name: account.name, permissions });
      return account;
    });
  }

  /** Renaming is acting on the account too: the caller must hold every permission it had and is given. */
  update(
    actor: AdminActor,
    callerHolds: string[],
    id: string,
    input: { name?: string; permissions?: string[] },
  ): Promise<SystemAccountView> {
    const permissions = input.permissions && normalizePermissions(input.permissions);
    return this.db.transaction(async (tx) => {
      const accounts = this.repositories(tx).systemAccounts;
      const before = found(await accounts.get(id, true), 'system account');
      mayActOn(callerHolds, before.permissions, permissions);
      const name = input.name?.trim();
      await accounts.update(id, { name, permissions });
      await auditAdminAction(tx, actor, 'system_account.updated', {}, { target_id: id, from: before.permissions, permissions, name });
      return found(await accounts.get(id), 'system account');
    });
  }

  delete(actor: AdminActor, callerHolds: string[], id: string): Promise<void> {
    return this.db.transaction(async (tx) => {
      const accounts = this.repositories(tx).systemAccounts;
      const before = found(await accounts.get(id, true), 'system account');
      mayActOn(callerHolds, before.permissions);
      await accounts.delete(id);
      await auditAdminAction(tx, actor, 'system_account.deleted', {}, { target_id: id, name: before.name });
    });
  }

  /**
   * The secret is returned here only; the database keeps its SHA-256, the audit entry neither.
   * A credential is the account's power, so issuing one needs every permission the account holds.
   */
  createCredential(
    actor: AdminActor,
    callerHolds: string[],
    id: string,
    input: { expires_at?: string },
  ): Promise<CredentialView & { secret: string }> {
    const expiresAt = input.expires_at ?? null;
    if (expiresAt !== null && Date.parse(expiresAt) <= Date.now())
      throw new ValidationFailed([{ loc: ['body', 'expires_at'], msg: 'must be in the future', type: 'value_error' }]);
    return this.db.transaction(async (tx) => {
      const accounts = this.repositories(tx).systemAccounts;
      mayActOn(callerHolds, found(await accounts.get(id, true), 'system account').permissions);
      const token = newOpaqueToken(TOKEN_PREFIX.systemAccount);
      const credential = await accounts.addCredential(id, token.hash, expiresAt);
      await auditAdminAction(tx, actor, 'system_account.credential_created', {}, { target_id: id, credential_id: credential.id });
      return { ...credential, secret: token.plaintext };
    });
  }

  async credentials(id: string, page: PageRequest): Promise<Page<CredentialView>> {
    const accounts = this.repos.systemAccounts;
    found(await accounts.get(id), 'system account');
    return accounts.credentials(id, page);
  }

  /** Revoking a stronger account's credential is acting on that account, as issuing one is. */
  deleteCredential(actor: AdminActor, callerHolds: string[], id: string, credentialId: string): Promise<void> {
    return this.db.transaction(async (tx) => {
      const accounts = this.repositories(tx).systemAccounts;
      mayActOn(callerHolds, found(await accounts.get(id, true), 'system account').permissions);
      if (!(await accounts.deleteCredential(id, credentialId))) throw new AppError('not_found', 'credential not found');
      await auditAdminAction(tx, actor, 'system_account.credential_deleted', {}, { target_id: id, credential_id: credentialId });
    });
  }
}
