import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { apiKeyChanges } from './api-key-changes.listener';
import { apiKeyGate } from './api-key.middleware';
import { apiKeyRoutes } from './api-key.routes';
import { UseRecorder } from './api-key-use.recorder';
import { apiKeysRepositories } from './api-keys.repositories';
import { ApiKeysService } from './api-keys.service';

/**
 * A project's API keys: the control-plane routes, and the gate that identifies the key of every
 * project-plane request (cached; the listener evicts changed keys from every process's cache).
 */
export function apiKeysArea({ db, config, logger }: Infrastructure): Area {
  const keys = apiKeysRepositories(db).apiKeys;
  const changes = apiKeyChanges(config.DATABASE_URL, logger);
  const uses = new UseRecorder(keys, (err) => logger.warn('api key last_used_at not written', { error: err.message }));
  const authenticator = new ApiKeyAuthenticator(keys, config.API_KEY_CACHE_TTL_MS, uses, changes);
  return {
    routes: apiKeyRoutes(new ApiKeysService(db, apiKeysRepositories)),
    gates: [{ stage: 'identify', handler: apiKeyGate(authenticator) }],
    jobs: [{ name: 'api key changes', start: () => changes.start(authenticator), stop: () => changes.stop() }],
  };
}
