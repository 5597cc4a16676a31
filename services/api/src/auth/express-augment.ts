import type { Principal } from './session.repository';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The signed-in user and session of a bearer request (set by the bearer gate). */
      principal?: Principal;
      /** A system account's credential presented on /admin/* (checked by the admin gate). */
      systemAccountSecret?: string;
    }
  }
}

export {};
