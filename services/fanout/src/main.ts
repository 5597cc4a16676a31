import { loadConfig, runService } from '@herald/config';
import { createLogger } from '@herald/logger';
import { startFanout } from './app';

void runService(async () => {
  const config = loadConfig();
  const logger = createLogger('fanout', config.LOG_LEVEL);
  const fanout = await startFanout(config, logger);
  const shutdown = async (signal: string) => {
    logger.info('shutting down', { signal });
    await fanout.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
});
