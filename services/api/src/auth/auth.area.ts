import type { Config } from '@herald/config';
import type { Database } from '@herald/db';
import type { Logger } from '@herald/logger';
import type { TopologyNames } from '@herald/messaging';
import { SecretBox } from '@herald/secrets';
import type { RequestHandler } from 'express';
import type { RouteTable } from '../http/route-table';
import { PeriodicJob } from '../shared/periodic-job';
import { authRoutes } from './auth.routes';
import { bearerGate } from './bearer.middleware';
import { MagicLinkRepository } from './magic-link.repository';
import { ProfileService } from './profile.use-case';
import { SessionRepository } from './session.repository';
import { tokenLifetimesOf } from './session-tokens';
import { SignInThrottle } from './sign-in-throttle';
import { SystemProject } from '../projects/system-project';
import { UserRepository } from './user.repository';

/** How often an api process overwrites the links of settled or expired magic-link emails. */
export const MAGIC_LINK_SCRUB_INTERVAL_MS = 10_000;

export interface AuthArea {
  /** Resolves the bearer of operations that take one (runs before the openapi security check). */
  gate: RequestHandler;
  routes: RouteTable;
  /** Scrubs magic links out of stored email content; started by app.ts. */
  scrub: PeriodicJob;
}

export interface AuthAreaDeps {
  db: Database;
  config: Config;
  names: TopologyNames;
  logger: Logger;
  /** Wakes the outbox relay once a magic-link email has committed. */
  onCommitted: () => void;
}

/** Human sign-in: magic links, sessions, refresh rotation, logout and /auth/me. */
export function authArea(deps: AuthAreaDeps): AuthArea {
  const { db, config } = deps;
  const sessions = { db, lifetimes: tokenLifetimesOf(config) };
  const mailer = {
    db,
    system: new SystemProject(db, new SecretBox(config.secretsKey)),
    names: deps.names,
    appUrl: config.APP_URL,
    ttlS: config.MAGIC_LINK_TTL_S,
    onCommitted: deps.onCommitted,
  };
  const magicLinks = new MagicLinkRepository(db);
  return {
    gate: bearerGate(new SessionRepository(db)),
    routes: authRoutes({
      mailer,
      sessions,
      profiles: new ProfileService(new UserRepository(db)),
      throttle: new SignInThrottle({
        perAddressAndIpPerHour: config.MAGIC_LINK_PER_ADDRESS_AND_IP_PER_HOUR,
        perAddressPerHour: config.MAGIC_LINK_PER_ADDRESS_PER_HOUR,
        perIpPerHour: config.MAGIC_LINK_PER_IP_PER_HOUR,
      }),
    }),
    scrub: new PeriodicJob('magic-link scrub', () => magicLinks.scrubSettled(), deps.logger),
  };
}
