import { loadConfig, runService } from '@herald/config';
import { createLogger } from '@herald/logger';
import { startSmsWorker } from './app';

/** Composition root: config -> logger -> worker; SIGTERM/SIGINT drain in-flight deliveries, then exit. */
void runService(async () => {
  const config = loadConfig();
  const logger = createLogger('sms-worker', config.LOG_LEVEL);
  const worker = await startSmsWorker(config, logger);
  logger.info('sms worker started');

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
