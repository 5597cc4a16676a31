import { redactUrlsIn } from './redact-url';

/** Raised when the environment cannot produce a valid configuration; the message is one line naming the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Raised when something the process needs at start (PostgreSQL) cannot be reached or refuses
 * it: an operator's problem, not a bug, so it is reported as one line without a stack. Its
 * message names the dependency by its URL with credentials masked.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

/**
 * Runs a service's start function and turns a ConfigError or StartupError into the one clear
 * line the operating contract promises, with a non-zero exit, before anything has started.
 * Whatever is printed has the credentials of any URL in it masked.
 */
export async function runService(start: () => Promise<unknown>): Promise<void> {
  try {
    await start();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`herald: configuration error: ${redactUrlsIn(err.message)}\n`);
      process.exit(78); // EX_CONFIG
    }
    if (err instanceof StartupError) {
      process.stderr.write(`herald: cannot start: ${redactUrlsIn(err.message)}\n`);
      process.exit(1);
    }
    process.stderr.write(`herald: failed to start: ${redactUrlsIn((err as Error).stack ?? String(err))}\n`);
    process.exit(1);
  }
}
