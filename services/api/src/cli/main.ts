#!/usr/bin/env node
import { loadConfig, runService } from '@herald/config';
import { Database, migrate } from '@herald/db';
import { SecretBox } from '@herald/secrets';
import { parseArgs } from 'node:util';
import { bootstrap } from '../projects/bootstrap.use-case';

const HELP = `herald <command> [options]

Commands:
  migrate                         create the database if missing and apply migrations
  bootstrap [--name NAME] [--email EMAIL]
                                  create (or reuse, for the same NAME and EMAIL) an organization, a project,
                                  an owner user and a project API key holding every project-plane
                                  scope; prints one JSON object, with an access_token and
                                  refresh_token for the owner user
  --help                          show this help

Configuration comes from the environment (DATABASE_URL, HERALD_SECRETS_KEY, ...); see README.md.`;

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, email: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
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
  process.stderr.write(`herald: unknown command ${JSON.stringify(command)}\n\n${HELP}\n`);
  process.exit(2);
}

void runService(() => main(process.argv.slice(2)));
