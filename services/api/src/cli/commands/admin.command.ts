import { loadConfig } from '@herald/config';
import { migrate } from '@herald/db';
import type { Command } from 'commander';
import { grantAdministrator } from '../../admin/grant-administrator.use-case';
import { tokenLifetimesOf } from '../../auth/session-tokens';
import { adminPermissions, isAdminPermission } from '../../admin/permissions';
import { withDatabase } from '../database';
import { UsageError } from '../program';

/** The address and permissions of `admin grant`, refused before anything is written. */
function grantArguments(email: string | undefined, permissions: string[]): { email: string; permissions: string[] } {
  const address = email?.trim();
  if (!address) throw new UsageError('--email is required');
  if (!/^[^@\s]+@[^@\s]+$/.test(address)) throw new UsageError(`--email ${JSON.stringify(address)} is no email address`);
  const unknown = permissions.filter((p) => !isAdminPermission(p));
  if (unknown.length > 0) throw new UsageError(`unknown permission ${unknown.map((p) => JSON.stringify(p)).join(', ')}`);
  return { email: address, permissions };
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function registerAdmin(program: Command): void {
  const admin = program.command('admin').usage('<command>').description('platform administrators');
  admin
    .command('grant')
    .usage('--email EMAIL [--permission P]...')
    .summary(
      'make that user (created if missing) a platform administrator holding exactly the named permissions ' +
        '(every one when none is named) and sign them in; prints one JSON object with user_id, administrator_id, ' +
        'permissions, access_token and refresh_token',
    )
    .description(
      'Makes the user with this address (created if missing) a platform administrator holding exactly the named ' +
        'permissions (every one when none is named; running again replaces them) and signs them in. Prints one JSON ' +
        'object: user_id, administrator_id, permissions, access_token, refresh_token.\n' +
        `Permissions: ${adminPermissions().join(', ')}`,
    )
    .option('--email <EMAIL>', 'the administrator-to-be (required)')
    .option('--permission <P>', 'a permission to hold; repeat for several', collect)
    .action(async (options: { email?: string; permission?: string[] }) => {
      const args = grantArguments(options.email, options.permission ?? []);
      const config = loadConfig();
      await migrate(config.DATABASE_URL);
      const lifetimes = tokenLifetimesOf(config);
      const result = await withDatabase(config, (db) => grantAdministrator(db, args.email, args.permissions, lifetimes));
      process.stdout.write(JSON.stringify(result) + '\n');
    });
}
