#!/usr/bin/env node
import { loadConfig, runService } from '@herald/config';
import { Database, migrate } from '@herald/db';
import { SecretBox } from '@herald/secrets';
import { parseArgs } from 'node:util';
import { grantAdministrator } from '../admin/grant-administrator.use-case';
import { ADMIN_PERMISSIONS, isAdminPermission } from '../admin/permissions';
import { bootstrap } from '../projects/bootstrap.use-case';
import { LISTEN_HELP, runListen } from './commands/listen';

const HELP = `herald <command> [options]

Commands:
  migrate                         create the database if missing and apply migrations
  bootstrap [--name NAME] [--email EMAIL]
                                  create (or reuse, for the same NAME and EMAIL) an organization, a project,
                                  an owner user and a project API key holding every project-plane
                                  scope; prints one JSON object, with an access_token and
                                  refresh_token for the owner user
  admin grant --email EMAIL [--permission P]...
                                  make that user (created if missing) a platform administrator holding
                                  exactly the named permissions (every one when none is named) and
                                  sign them in; prints one JSON object with user_id, administrator_id,
                                  permissions, access_token and refresh_token.
                                  Permissions: ${ADMIN_PERMISSIONS.join(', ')}
${LISTEN_HELP}
  --help                          show this help

Configuration comes from the environment (DATABASE_URL, HERALD_SECRETS_KEY, ...); see README.md.`;

/** The address and permissions of `admin grant`, or why they are refused (before anything is written). */
function grantArguments(email: string | undefined, permissions: string[]): { email: string; permissions: string[] } | string {
  const address = email?.trim();
  if (!address) return '--email is required';
  if (!/^[^@\s]+@[^@\s]+$/.test(address)) return `--email ${JSON.stringify(address)} is no email address`;
  const unknown = permissions.filter((p) => !isAdminPermission(p));
  if (unknown.length > 0) return `unknown permission ${unknown.map((p) => JSON.stringify(p)).join(', ')}`;
  return { email: address, permissions };
}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'listen') return runListen(argv.slice(1)); // needs no database: before loadConfig
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      email: { type: 'string' },
      permission: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (values.help || !command || command === 'help') {
    process.stdout.write(HELP + '\n');
    return;
  }
  const config = loadConfig();
  if (command === 'migrate') {
    const applied = await migrate(config.DATABASE_URL);
    process.stdout.write(JSON.stringify({ applied }) + '\n');
    return;
  }
  if (command === 'bootstrap') {
    await migrate(config.DATABASE_URL);
    const db = await Database.connect(config.DATABASE_URL, 2);
    try {
      const result = await bootstrap(
        db,
        new SecretBox(config.secretsKey),
        { name: values.name ?? 'default', email: values.email ?? 'owner@herald.localhost' },
        { accessTtlS: config.ACCESS_TOKEN_TTL_S, refreshTtlS: config.REFRESH_TOKEN_TTL_S },
      );
      process.stdout.write(JSON.stringify(result) + '\n');
    } finally {
      await db.close();
    }
    return;
  }
  if (command === 'admin' && positionals[1] === 'grant') {
    const args = grantArguments(values.email, values.permission ?? []);
    if (typeof args === 'string') {
      process.stderr.write(`herald admin grant: ${args}\n\n${HELP}\n`);
      process.exit(2);
    }
    await migrate(config.DATABASE_URL);
    const db = await Database.connect(config.DATABASE_URL, 2);
    try {
      const lifetimes = { accessTtlS: config.ACCESS_TOKEN_TTL_S, refreshTtlS: config.REFRESH_TOKEN_TTL_S };
      process.stdout.write(JSON.stringify(await grantAdministrator(db, args.email, args.permissions, lifetimes)) + '\n');
    } finally {
      await db.close();
    }
    return;
  }
  process.stderr.write(`herald: unknown command ${JSON.stringify(command)}\n\n${HELP}\n`);
  process.exit(2);
}

void runService(() => main(process.argv.slice(2)));
