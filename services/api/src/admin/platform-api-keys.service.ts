import type { Database } from '@herald/db';
import { hashApiKey } from '@herald/secrets';
import type { ApiKeysService } from '../api-keys/api-keys.service';
import { found } from '../shared/found';
import { offsetOf, pageOf, type Page, type PageRequest } from '../shared/paging';
import type { AdminActor } from '../audit/admin-action.audit';
import type { RepositoryFactory } from '../shared/repositories';
import type { AdminRepositories } from './admin.repositories';
import type { PlatformApiKeyView, PlatformKeyFilter } from './platform-api-keys.repository';

/** /admin/api-keys: inspect every project's keys, find a leaked secret's key, and revoke it. */
export class PlatformApiKeysService {
  private readonly repos: AdminRepositories;

  constructor(
    db: Database,
    repositories: RepositoryFactory<AdminRepositories>,
    private readonly keys: ApiKeysService,
  ) {
    this.repos = repositories(db);
  }

  async list(filter: PlatformKeyFilter, page: PageRequest): Promise<Page<PlatformApiKeyView>> {
    const { items, total } = await this.repos.platformApiKeys.list(filter, page.perPage, offsetOf(page));
    return pageOf(items, total, page);
  }

  async get(id: string): Promise<PlatformApiKeyView> {
    return found(await this.repos.platformApiKeys.get(id), 'API key');
  }

  /** Only the hash is looked up; the secret itself is neither stored nor logged nor audited. */
  async lookup(secret: string): Promise<PlatformApiKeyView> {
    return found(await this.repos.platformApiKeys.findByHash(hashApiKey(secret)), 'API key');
  }

  /**
   * Revoked through the project plane's own path, so the `api_keys` trigger notifies every api
   * process and the key is refused at once; audited with the administrator as actor.
   */
  async revoke(actor: AdminActor, id: string): Promise<PlatformApiKeyView> {
    const key = await this.get(id);
    await this.keys.revoke(key.project_id, id, { ...actor, organizationId: key.organization_id });
    return this.get(id);
  }
}
