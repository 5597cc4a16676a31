import type { Config } from '@herald/config';
import { createLogger } from '@herald/logger';
import { startApi, type RunningApi } from '../../services/api/src/app';
import { startFanout } from '../../services/fanout/src/app';

export interface RunningSystem {
  api: RunningApi;
  stop(): Promise<void>;
}

export type Part = { stop(): Promise<void> };

/** Starts the gateway and fan-out in this process (real PostgreSQL and RabbitMQ) plus any extra parts. */
export async function startSystem(config: Config, extra: Array<(c: Config) => Promise<Part>> = []): Promise<RunningSystem> {
  const logger = createLogger('test', config.LOG_LEVEL);
  const api = await startApi(config, logger);
  const parts: Part[] = [await startFanout(config, logger)];
  for (const start of extra) parts.push(await start(config));
  return {
    api,
    async stop() {
      for (const part of parts.reverse()) await part.stop();
      await api.stop();
    },
  };
}
