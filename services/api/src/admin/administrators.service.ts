import type { Database } from '@herald/db';
import { AppError } from '@herald/errors';
import { found } from '../shared/found';
import { offsetOf, pageOf, type Page, type PageRequest } from '../shared/paging';
import { auditAdminAction, type AdminActor } from '../audit/admin-action.audit';
import type { RepositoryFactory } from '../shared/repositories';
import type { AdministratorView } from './administrator.repository';
import type { AdminRepositories } from './admin.repositories';
import { mayActOn, mayGrant } from './permission-dominance';
import { normalizePermissions } from './permissions';

/** The permission no platform may lose its last holder of: nobody could make administrators again. */
const KEEPER = 'administrators:write';

/** GET/POST /admin/administrators and GET/PATCH/DELETE /admin/administrators/{id}. */
export class AdministratorsService {
  private readonly repos: AdminRepositories;

  constructor(
    private readonly db: Database,
    private readonly repositories: RepositoryFactory<AdminRepositories>,
  ) {
    this.repos = repositories(db);
  }

  async list(page: PageRequest): Promise<Page<AdministratorView>> {
    const { items, total } = await this.repos.administrators.list(page.perPage, offsetOf(page));
    return pageOf(items, total, page);
  }

  async get(id: string): Promise<AdministratorView> {
    return found(await this.repos.administrators.get(id), 'administrator');
  }

  /** The user with this address (created when missing) becomes an administrator; 409 when they already are one. */
  create(actor: AdminActor, callerHolds: string[], input: { email: string; permissions: string[] }): Promise<AdministratorView> {
    const permissions = normalizePermissions(input.permissions);
    mayGrant(callerHolds, permissions);
    return this.db.transaction(async (tx) => {
      const repos = this.repositories(tx);
      const { user } = await repos.users.upsertByEmail(input.email.trim());
      const admins = repos.administrators;
      if (await admins.exists(user.id))
        throw new AppError('conflict', 'this user is already an administrator; change their permissions instead');
      const admin = await admins.put(user.id, permissions);
      await auditAdminAction(tx, actor, 'administrator.created', {}, { target_id: admin.id, user_id: user.id, permissions });
      return admin;
    });
  }

  /** Replaces the permissions; the caller must hold every one the administrator had and is given. */
  update(actor: AdminActor, callerHolds: string[], id: string, input: { permissions: string[] }): Promise<AdministratorView> {
    const permissions = normalizePermissions(input.permissions);
    return this.db.transaction(async (tx) => {
      const admins = this.repositories(tx).administrators;
      const holders = await admins.lockHoldersOf(KEEPER);
      const before = found(await admins.get(id, true), 'administrator');
      mayActOn(callerHolds, before.permissions, permissions);
      if (!permissions.includes(KEEPER)) this.keepsAKeeper(holders, id);
      await admins.setPermissions(id, permissions);
      await auditAdminAction(
        tx,
        actor,
        'administrator.updated',
        {},
        { target_id: id, user_id: before.user_id, from: before.permissions, permissions },
      );
      return { ...before, permissions };
    });
  }

  delete(actor: AdminActor, callerHolds: string[], id: string): Promise<void> {
    return this.db.transaction(async (tx) => {
      const admins = this.repositories(tx).administrators;
      const holders = await admins.lockHoldersOf(KEEPER);
      const before = found(await admins.get(id, true), 'administrator');
      mayActOn(callerHolds, before.permissions);
      this.keepsAKeeper(holders, id);
      await admins.delete(id);
      await auditAdminAction(
        tx,
        actor,
        'administrator.deleted',
        {},
        { target_id: id, user_id: before.user_id, permissions: before.permissions },
      );
    });
  }

  /** 409 when `leaving` is the only holder of administrators:write. */
  private keepsAKeeper(holders: string[], leaving: string): void {
    if (holders.length > 0 && holders.every((h) => h === leaving))
      throw new AppError('conflict', `this is the last administrator holding ${KEEPER}; grant it to someone else first`);
  }
}
