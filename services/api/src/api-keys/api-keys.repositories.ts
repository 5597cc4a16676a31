import type { Queryable } from '@herald/db';
import { ApiKeyRepository } from './api-key.repository';

/** Every repository a project's API keys use, on the database or one transaction. */
export function apiKeysRepositories(q: Queryable) {
  return {
    apiKeys: new ApiKeyRepository(q),
  };
}

export type ApiKeysRepositories = ReturnType<typeof apiKeysRepositories>;
