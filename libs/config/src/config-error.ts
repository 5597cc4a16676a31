/** Raised when the environment cannot produce a valid configuration; the message is one line naming the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Runs a service's start function and turns a ConfigError into the one clear line the
 * operating contract promises, with a non-zero exit, before anything has started.
 */
export async function runService(start: () => Promise<unknown>): Promise<void> {
  try {
    await start();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`herald: configuration error: ${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    process.stderr.write(`herald: failed to start: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  }
}
