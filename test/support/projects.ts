import { randomUUID } from 'node:crypto';
import type { Config } from '@herald/config';
import type { Database } from '@herald/db';
import { SecretBox } from '@herald/secrets';
import { bootstrap, type BootstrapResult } from '../../services/api/src/projects/bootstrap.use-case';

/** Each test makes its own organization and project, so tests never share state. */
export function aProject(db: Database, config: Config, scopes?: string[]): Promise<BootstrapResult> {
  return bootstrap(db, new SecretBox(config.secretsKey), {
    name: `test-org-${randomUUID()}`,
    email: 'owner@example.com',
    scopes,
  });
}
