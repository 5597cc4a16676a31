import { loadConfig } from '@herald/config';
import { migrate, migrationStatus } from '@herald/db';
import type { Command } from 'commander';
import { printJson, printTable } from '../output';
import { UsageError } from '../program';

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .usage('[--status [--json]]')
    .summary('create the database if missing and apply migrations; --status lists applied and pending ones')
    .description(
      'Creates the database named in DATABASE_URL if missing and applies pending migrations (safe while services run: ' +
        'concurrent runs wait for each other); prints {"applied": [names]}.\n' +
        'With --status, changes nothing: shows every migration of this build, applied or pending.',
    )
    .option('--status', 'show applied and pending migrations instead of applying them')
    .option('--json', 'with --status: {"applied": [names], "pending": [names]} instead of a table')
    .action(async (options: { status?: boolean; json?: boolean }) => {
      if (options.json && !options.status) throw new UsageError('--json goes with --status');
      const config = loadConfig();
      if (!options.status) {
        process.stdout.write(JSON.stringify({ applied: await migrate(config.DATABASE_URL) }) + '\n');
        return;
      }
      const states = await migrationStatus(config.DATABASE_URL);
      const applied = states.filter((s) => s.applied).map((s) => s.name);
      const pending = states.filter((s) => !s.applied).map((s) => s.name);
      if (options.json) return printJson({ applied, pending });
      printTable(
        ['MIGRATION', 'STATE'],
        states.map((s) => [s.name, s.applied ? 'applied' : 'pending']),
      );
      process.stdout.write(`\n${applied.length} applied, ${pending.length} pending\n`);
    });
}
