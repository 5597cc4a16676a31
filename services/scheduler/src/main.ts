import { loadConfig, runService } from '@herald/config';
import { createLogger } from '@herald/logger';
import { startScheduler } from './app';

/** Composition root: config -> logger -> scheduler; SIGTERM/SIGINT let the batch in progress commit, then exit. */
void runService(async () => {
  const config = loadConfig();
  const logger = createLogger('scheduler', config.LOG_LEVEL);
  const scheduler = await startScheduler(config, logger);
  const shutdown = async (signal: string) => {
    logger.info('shutting down', { signal });
    await scheduler.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
});
