import { loadConfig } from '@herald/config';
import type { Database } from '@herald/db';
import { Option, type Command } from 'commander';
import type { ApiKeyView } from '../../api-keys/api-key.repository';
import { DEFAULT_GRACE_PERIOD_S } from '../../api-keys/rotation-policy';
import { apiKeysRepositories } from '../../api-keys/api-keys.repositories';
import { ApiKeysService } from '../../api-keys/api-keys.service';
import { allProjectScopes } from '../../api-keys/scopes';
import type { Actor } from '../../organizations/control-plane-actor';
import { MAX_PER_PAGE } from '../../shared/paging';
import { instantArgument, integerArgument, uuidArgument } from '../arguments';
import { withDatabase } from '../database';
import { printJson, printTable } from '../output';
import { UsageError } from '../program';
import { projectArgument } from '../project-argument';

// openapi.yaml's limits for the same fields (ApiKeyName, ApiKeyScopes, GracePeriodSeconds): the HTTP validator holds requests to them.
const MAX_NAME_LENGTH = 200;
const MAX_SCOPES = 20;
const MAX_GRACE_PERIOD_S = 2_592_000;

const collect = (value: string, previous: string[] = []) => [...previous, value];
const projectOption = () => new Option('--project <PROJECT_ID>', 'the project whose keys these are').makeOptionMandatory();

/**
 * Runs a key operation as the operator: the project plane's own use cases (the same rules and
 * audit entries as the HTTP routes), with no signed-in user, so entries have a null actor and
 * `via` naming the command, as `herald bootstrap` and `herald admin grant` record theirs.
 */
async function asOperator<T>(
  command: string,
  projectValue: string,
  fn: (keys: ApiKeysService, projectId: string, actor: Actor, db: Database) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  return withDatabase(config, async (db) => {
    const project = await projectArgument(db, projectValue);
    const actor: Actor = { userId: null, organizationId: project.organization_id, via: `cli ${command}` };
    return fn(new ApiKeysService(db, apiKeysRepositories), project.id, actor, db);
  });
}

function keyName(value: string | undefined): string {
  const name = value?.trim();
  if (!name) throw new UsageError('--name is required (not blank)');
  if (name.length > MAX_NAME_LENGTH) throw new UsageError(`--name is longer than ${MAX_NAME_LENGTH} characters`);
  return name;
}

function scopes(values: string[] | undefined): string[] {
  if (!values || values.length === 0) return [...allProjectScopes()];
  const unknown = values.filter((s) => !allProjectScopes().includes(s));
  if (unknown.length > 0) throw new UsageError(`unknown scope ${unknown.map((s) => JSON.stringify(s)).join(', ')}`);
  if (new Set(values).size > MAX_SCOPES) throw new UsageError(`at most ${MAX_SCOPES} --scope`);
  return values;
}

async function allKeys(keys: ApiKeysService, projectId: string): Promise<ApiKeyView[]> {
  const items: ApiKeyView[] = [];
  for (let page = 1; ; page++) {
    const got = await keys.list(projectId, { page, perPage: MAX_PER_PAGE });
    items.push(...got.items);
    if (page >= got.total_pages) return items;
  }
}

export function registerKeys(program: Command): void {
  const keys = program.command('keys').usage('<command>').description("a project's API keys (the project plane's X-API-Key)");

  keys
    .command('list')
    .usage('--project PROJECT_ID [--json]')
    .summary("the project's API keys, newest first, revoked and expired ones included (never a secret)")
    .addOption(projectOption())
    .option('--json', '{"items": [keys], "total": n} instead of a table')
    .action(async (options: { project: string; json?: boolean }) => {
      const items = await asOperator('keys list', options.project, (service, projectId) => allKeys(service, projectId));
      if (options.json) return printJson({ items, total: items.length });
      printTable(
        ['ID', 'NAME', 'PREFIX', 'STATUS', 'EXPIRES', 'LAST USED', 'SCOPES'],
        items.map((k) => [k.id, k.name, k.prefix, k.status, k.expires_at, k.last_used_at, k.scopes.join(',')]),
      );
    });

  keys
    .command('create')
    .usage('--project PROJECT_ID --name NAME [--scope S]... [--expires-at TIME]')
    .summary('issue a key; prints it as one JSON object whose "key" is the secret, shown this once')
    .description(
      'Issues a project API key and prints it as one JSON object; "key" is the secret (hk_...), shown this once ' +
        '(Herald keeps only its SHA-256). Audited as api_key.created (via "cli keys create").\n' +
        `Scopes (default: every one): ${allProjectScopes().join(', ')}`,
    )
    .addOption(projectOption())
    .option('--name <NAME>', `what the key is for, at most ${MAX_NAME_LENGTH} characters (required)`)
    .option('--scope <S>', 'a scope the key holds; repeat for several (default: every project-plane scope)', collect)
    .option('--expires-at <TIME>', 'ISO 8601 time from which the key is refused (default: never)')
    .action(async (options: { project: string; name?: string; scope?: string[]; expiresAt?: string }) => {
      const input = {
        name: keyName(options.name),
        scopes: scopes(options.scope),
        expires_at: options.expiresAt === undefined ? null : instantArgument('--expires-at', options.expiresAt),
      };
      printJson(await asOperator('keys create', options.project, (service, projectId, actor) => service.create(projectId, input, actor)));
    });

  keys
    .command('revoke')
    .usage('--project PROJECT_ID KEY_ID')
    .summary('refuse the key from now on (every api process hears of it at once); prints the key')
    .description(
      'Revokes the key: every api process refuses it at once. Revoking a revoked key changes nothing.\nAudited as api_key.revoked.',
    )
    .addOption(projectOption())
    .argument('<KEY_ID>', 'the key (an id from keys list)')
    .action(async (keyId: string, options: { project: string }) => {
      const id = uuidArgument('KEY_ID', keyId);
      const key = await asOperator('keys revoke', options.project, async (service, projectId, actor) => {
        await service.revoke(projectId, id, actor);
        return service.get(projectId, id);
      });
      printJson(key);
    });

  keys
    .command('rotate')
    .usage('--project PROJECT_ID KEY_ID [--grace-period SECONDS]')
    .summary('issue a replacement with the same name, scopes and expiry; prints it (the secret shown this once)')
    .description(
      'Issues a key with the same name, scopes and expiry in place of this one, which keeps working for the grace ' +
        'period. Prints the new key as one JSON object: "key" is its secret, shown this once; "replaces" names the ' +
        'old key and when it stops working. Audited as api_key.rotated.',
    )
    .addOption(projectOption())
    .argument('<KEY_ID>', 'the key to replace')
    .option('--grace-period <SECONDS>', `how long the old key keeps working, 0 to ${MAX_GRACE_PERIOD_S}`, String(DEFAULT_GRACE_PERIOD_S))
    .action(async (keyId: string, options: { project: string; gracePeriod: string }) => {
      const id = uuidArgument('KEY_ID', keyId);
      const grace = integerArgument('--grace-period', options.gracePeriod, 0, MAX_GRACE_PERIOD_S);
      printJson(
        await asOperator('keys rotate', options.project, (service, projectId, actor) => service.rotate(projectId, id, grace, actor)),
      );
    });
}
