import { loadConfig } from '@herald/config';
import { migrate } from '@herald/db';
import { SecretBox } from '@herald/secrets';
import type { Command } from 'commander';
import { tokenLifetimesOf } from '../../auth/session-tokens';
import { bootstrap } from '../../projects/bootstrap.use-case';
import { withDatabase } from '../database';

export function registerBootstrap(program: Command): void {
  program
    .command('bootstrap')
    .usage('[--name NAME] [--email EMAIL]')
    .summary(
      'create (or reuse, for the same NAME and EMAIL) an organization, a project, an owner user and a project API key ' +
        'holding every project-plane scope; prints one JSON object, with an access_token and refresh_token for the owner user',
    )
    .description(
      'Applies migrations, then creates (or reuses, when run again with the same NAME and EMAIL) an organization, its ' +
        'project, an owner user, and a new project API key holding every project-plane scope. Prints one JSON object: ' +
        'organization_id, project_id, user_id, api_key, api_key_id, scopes, webhook_signing_secret, access_token and ' +
        'refresh_token (a new session for the owner on every run).',
    )
    .option('--name <NAME>', 'organization name', 'default')
    .option('--email <EMAIL>', 'owner address', 'owner@herald.localhost')
    .action(async (options: { name: string; email: string }) => {
      const config = loadConfig();
      await migrate(config.DATABASE_URL);
      const result = await withDatabase(config, (db) =>
        bootstrap(db, new SecretBox(config.secretsKey), { name: options.name, email: options.email }, tokenLifetimesOf(config)),
      );
      process.stdout.write(JSON.stringify(result) + '\n');
    });
}
