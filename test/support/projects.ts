import { randomUUID } from 'node:crypto';
import type { Config } from '@herald/config';
import type { Database } from '@herald/db';
import { SecretBox } from '@herald/secrets';
import { bootstrap, type BootstrapResult } from '../../services/api/src/projects/bootstrap.use-case';

/**
 * Each test makes its own organization and project, so tests never share state. Their owner is
 * one user unless `owner` names another: a file that compares the owner's own rows (sessions:
 * every bootstrap starts one) needs an owner no other file signs in as.
 */
export function aProject(db: Database, config: Config, scopes?: string[], owner = 'owner@example.com'): Promise<BootstrapResult> {
  return bootstrap(db, new SecretBox(config.secretsKey), {
    name: `test-org-${randomUUID()}`,
    email: owner,
    scopes,
  });
}
