import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { healthRoutes } from './health.routes';
import { platformGauges } from './platform-gauges';
import { PlatformHealthCheck } from './platform-health';

/** Liveness and readiness probes, and the platform gauges on /metrics. */
export function healthArea({ db, broker }: Infrastructure): Area {
  return { routes: healthRoutes(db, broker), scrapeHooks: [platformGauges(new PlatformHealthCheck(db, broker))] };
}
