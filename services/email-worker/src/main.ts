import { loadConfig, runService } from '@herald/config';
import { createLogger } from '@herald/logger';
import { startEmailWorker } from './app';

/** Composition root: config -> logger -> worker; SIGTERM/SIGINT drain in-flight deliveries, then exit. */
void runService(async () => {
  const config = loadConfig();
  const logger = createLogger('email-worker', config.LOG_LEVEL);
  const worker = await startEmailWorker(config, logger);
  logger.info('email worker started', { provider: config.EMAIL_PROVIDER });

  const shutdown = (signal: NodeJS.Signals) => {
    logger.info('stopping: finishing in-flight deliveries', { signal });
    worker.stop().then(
      () => process.exit(0),
      (err: Error) => {
        logger.error('stop failed', { error: err.message });
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
});
