import { ConsumerRepository } from '../consumers/consumer.repository';
import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { PeriodicJob } from '../shared/periodic-job';
import { exchangeThrottle } from './exchange-throttle';
import { PortalSessionRepository } from './portal-session.repository';
import { PortalSessionsService } from './portal-sessions.service';
import { PortalSettingsRepository } from './portal-settings.repository';
import { PortalSettingsService } from './portal-settings.service';
import { portalGate } from './portal.gate';
import { portalRoutes } from './portal.routes';

/** How often an api process drops expired portal codes and sessions. */
const PURGE_INTERVAL_MS = 60_000;

/**
 * The consumer portal's API side (docs/consumers.md, Portal): single-use links, the sessions they
 * open, and each project's portal settings. Its gate identifies a portal session ahead of the
 * other bearer gates and keeps it to its one consumer; the consumer and event-type handlers
 * then serve it unchanged.
 */
export function portalArea({ db, config, logger }: Infrastructure): Area {
  const sessions = new PortalSessionRepository(db);
  return {
    gates: [{ stage: 'identify', handler: portalGate(sessions) }],
    jobs: [new PeriodicJob('portal session purge', PURGE_INTERVAL_MS, () => sessions.purgeExpired(), logger)],
    routes: portalRoutes({
      sessions: new PortalSessionsService(db, new ConsumerRepository(db), config.APP_URL),
      settings: new PortalSettingsService(new PortalSettingsRepository(db)),
      exchangeThrottle: exchangeThrottle(config.PORTAL_CODE_EXCHANGES_PER_IP_PER_MINUTE),
    }),
  };
}
