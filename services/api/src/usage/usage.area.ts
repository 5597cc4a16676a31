import type { Area } from '../http/area';
import { BASE_PATH } from '../http/base-path';
import type { Infrastructure } from '../shared/infrastructure';
import { UsageMeter } from './usage-meter';
import { usageCounter } from './usage.middleware';
import { usageRepositories } from './usage.repositories';
import { usageRoutes } from './usage.routes';

/** How often each api process adds its in-memory request counts to usage_hourly. */
const USAGE_FLUSH_INTERVAL_MS = 10_000;

/** Request counts per project and hour: counted on the edge, flushed in the background, read by a route. */
export function usageArea({ db, logger }: Infrastructure): Area {
  const repo = usageRepositories(db).usage;
  const meter = new UsageMeter(repo, logger);
  return {
    routes: usageRoutes(repo),
    gates: [{ stage: 'count', handler: usageCounter(meter, BASE_PATH) }],
    jobs: [
      { name: 'usage flush', start: () => meter.start(USAGE_FLUSH_INTERVAL_MS), runOnce: () => meter.flush(), stop: () => meter.stop() },
    ],
  };
}
