import type { Queryable } from '@herald/db';
import { MagicLinkRepository } from './magic-link.repository';
import { SessionRepository } from './session.repository';
import { UserRepository } from './user.repository';

/** Every repository sign-in uses, on the database or one transaction. */
export function authRepositories(q: Queryable) {
  return {
    users: new UserRepository(q),
    sessions: new SessionRepository(q),
    magicLinks: new MagicLinkRepository(q),
  };
}

export type AuthRepositories = ReturnType<typeof authRepositories>;
