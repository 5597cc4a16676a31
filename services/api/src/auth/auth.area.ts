import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { PeriodicJob } from '../shared/periodic-job';
import { authRoutes } from './auth.routes';
import { BrowserSessionCookie } from './browser-session.cookie';
import { bearerGate } from './bearer.middleware';
import { MagicLinkRepository } from './magic-link.repository';
import { ProfileService } from './profile.service';
import { SessionRepository } from './session.repository';
import { tokenLifetimesOf } from './session-tokens';
import { SignInThrottle } from './sign-in-throttle';
import { UserRepository } from './user.repository';

/** How often an api process overwrites the links of settled or expired magic-link emails. */
const MAGIC_LINK_SCRUB_INTERVAL_MS = 10_000;

/**
 * Human sign-in: magic links, sessions, refresh rotation, logout and /auth/me. Its gate resolves
 * the bearer of operations that take one (before the openapi security check); its job scrubs
 * magic links out of stored email content.
 */
export function authArea(deps: Infrastructure): Area {
  const { db, config } = deps;
  const sessions = { db, lifetimes: tokenLifetimesOf(config) };
  const mailer = {
    db,
    system: deps.systemProject,
    names: deps.names,
    appUrl: config.APP_URL,
    ttlS: config.MAGIC_LINK_TTL_S,
    onCommitted: deps.onCommitted,
  };
  const magicLinks = new MagicLinkRepository(db);
  return {
    gates: [{ stage: 'identify', handler: bearerGate(new SessionRepository(db)) }],
    routes: authRoutes({
      mailer,
      sessions,
      profiles: new ProfileService(new UserRepository(db)),
      throttle: new SignInThrottle({
        perAddressAndIpPerHour: config.MAGIC_LINK_PER_ADDRESS_AND_IP_PER_HOUR,
        perAddressPerHour: config.MAGIC_LINK_PER_ADDRESS_PER_HOUR,
        perIpPerHour: config.MAGIC_LINK_PER_IP_PER_HOUR,
      }),
      cookie: new BrowserSessionCookie(config.PUBLIC_URL),
    }),
    jobs: [new PeriodicJob('magic-link scrub', MAGIC_LINK_SCRUB_INTERVAL_MS, () => magicLinks.scrubSettled(), deps.logger)],
  };
}
