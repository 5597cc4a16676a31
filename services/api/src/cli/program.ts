import { ConfigError, StartupError, redactUrlsIn } from '@herald/config';
import { AppError, ValidationFailed } from '@herald/errors';
import { Command, CommanderError, Help } from 'commander';

/** Wrong usage of a command (a missing or malformed option): exit code 2, like commander's own parse errors. */
export class UsageError extends Error {}

/** Exit codes every command shares; `herald --help` lists them. */
export const EXIT = { ok: 0, failed: 1, usage: 2, config: 78 } as const;

/** `keys create` for the command `herald keys create`. */
export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** Past this many columns, an item's description goes on the lines below its term. */
const WIDE_TERM = 32;

/** Groups (`keys`, `admin`) are listed by their commands, so `herald --help` shows every command there is. */
function leaves(cmd: Command): Command[] {
  return cmd.commands.flatMap((c) => (c.commands.length > 0 ? leaves(c) : [c]));
}

const ROOT_HELP_AFTER = `
Configuration comes from the environment (DATABASE_URL, AMQP_URL, HERALD_SECRETS_KEY, ...); see README.md.
Exit codes: 0 done; 1 failed, or (status) something is down; 2 wrong usage; 78 bad configuration.
Run herald <command> --help for a command's options.`;

/**
 * The root command with the settings every command inherits (commands are added with
 * `.command()`, which copies them): help listing full command lines, errors as one `herald:` line.
 */
export function createProgram(): Command {
  const program = new Command('herald')
    .usage('<command> [options]')
    .description("Herald's operator tool")
    .configureHelp({
      visibleCommands: leaves,
      subcommandTerm: (cmd) => `${commandPath(cmd)} ${cmd.usage()}`.trim(),
      subcommandDescription: (cmd) => cmd.summary() || cmd.description(),
      formatItem: (term, termWidth, description, helper) => {
        // Full command lines are too wide for a description column beside them: it goes below, indented.
        if (termWidth <= WIDE_TERM || !description) return new Help().formatItem.call(helper, term, termWidth, description, helper);
        const wrapped = helper.boxWrap(description, (helper.helpWidth ?? 80) - 6);
        return `  ${term}\n      ${wrapped.replace(/\n/g, '\n      ')}`;
      },
    })
    .configureOutput({ outputError: (text, write) => write(`herald: ${text.replace(/^error: /, '')}`) })
    .exitOverride()
    .addHelpText('after', ROOT_HELP_AFTER);
  return program;
}

/**
 * Runs the command line and ends the process with its exit code. Any failure is one line on
 * stderr naming the command, with URLs' credentials masked; never a stack trace.
 */
export async function runCli(program: Command, argv: string[]): Promise<never> {
  // A reader that went away (`herald keys list | head`) ends the command quietly, as other tools do.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => process.exit(err.code === 'EPIPE' ? EXIT.ok : EXIT.failed));
  }
  let current = 'herald';
  program.hook('preAction', (_root, action) => {
    current = `herald ${commandPath(action)}`;
  });
  let code: number = EXIT.ok;
  try {
    if (argv.length === 0) program.outputHelp();
    else await program.parseAsync(argv, { from: 'user' });
    code = typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (err) {
    code = report(current, err);
  }
  // Wait for stdout to flush (a pipe), then end at once: a broker client still retrying must not keep the process alive.
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  process.exit(code);
}

function report(command: string, err: unknown): number {
  if (err instanceof CommanderError) {
    // Commander has written its message (or the help) already.
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return EXIT.ok;
    return EXIT.usage;
  }
  const line = (prefix: string, message: string) => process.stderr.write(`${prefix}: ${redactUrlsIn(firstLine(message))}\n`);
  if (err instanceof ConfigError) {
    line('herald: configuration error', err.message);
    return EXIT.config;
  }
  if (err instanceof ValidationFailed) {
    // The use case names body fields; the options here carry the same names.
    line(command, err.issues.map((i) => `--${String(i.loc[i.loc.length - 1]).replace(/_/g, '-')} ${i.msg}`).join('; '));
    return EXIT.usage;
  }
  if (err instanceof UsageError) {
    line(command, err.message);
    return EXIT.usage;
  }
  if (err instanceof StartupError) {
    // The same line every service prints for a server it cannot reach.
    line('herald: cannot start', err.message);
    return EXIT.failed;
  }
  if (err instanceof AppError) {
    line(command, err.message);
    return EXIT.failed;
  }
  line(command, err instanceof Error ? err.message || err.name : String(err));
  return EXIT.failed;
}

function firstLine(text: string): string {
  return text.split('\n')[0];
}
