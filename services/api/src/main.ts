import { loadConfig, runService } from '@herald/config';
import { createLogger } from '@herald/logger';
import { startApi } from './app';

void runService(async () => {
  const config = loadConfig();
  const logger = createLogger('api', config.LOG_LEVEL);
  const api = await startApi(config, logger);
  const shutdown = async (signal: string) => {
    logger.info('shutting down', { signal });
    await api.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
});
