import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { PeriodicJob } from '../shared/periodic-job';
import { authRepositories } from './auth.repositories';
import { authRoutes } from './auth.routes';
import { BrowserSessionCookie } from './browser-session.cookie';
import { bearerGate } from './bearer.middleware';
import { ProfileService } from './profile.service';
import { tokenLifetimesOf } from './session-tokens';
import { SignInThrottle } from './sign-in-throttle';

/** How often an api process overwrites the links of settled or expired magic-link emails. */
const MAGIC_LINK_SCRUB_INTERVAL_MS = 10_000;

/**
 * Human sign-in: magic links, sessions, refresh rotation, logout and /auth/me. Its gate resolves
 * the bearer of operations that take one (before the openapi security check); its job scrubs
 * magic links out of stored email content.
 */
export function authArea(deps: Infrastructure): Area {
  const { db, config } = deps;
  const repos = authRepositories(db);
  const sessions = { db, repositories: authRepositories, lifetimes: tokenLifetimesOf(config) };
  const mailer = {
    db,
    repositories: authRepositories,
    system: deps.systemProject,
    names: deps.names,
    appUrl: config.APP_URL,
    ttlS: config.MAGIC_LINK_TTL_S,
    onCommitted: deps.onCommitted,
  };
  return {
    gates: [{ stage: 'identify', handler: bearerGate(repos.sessions) }],
    routes: authRoutes({
      mailer,
      sessions,
      profiles: new ProfileService(repos.users),
      throttle: new SignInThrottle({
        perAddressAndIpPerHour: config.MAGIC_LINK_PER_ADDRESS_AND_IP_PER_HOUR,
        perAddressPerHour: config.MAGIC_LINK_PER_ADDRESS_PER_HOUR,
        perIpPerHour: config.MAGIC_LINK_PER_IP_PER_HOUR,
      }),
      cookie: new BrowserSessionCookie(config.PUBLIC_URL),
    }),
    jobs: [new PeriodicJob('magic-link scrub', MAGIC_LINK_SCRUB_INTERVAL_MS, () => repos.magicLinks.scrubSettled(), deps.logger)],
  };
}
