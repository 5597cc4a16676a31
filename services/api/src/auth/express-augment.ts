declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** A system account's credential presented on /admin/* (checked by the admin gate). */
      systemAccountSecret?: string;
    }
  }
}

export {};
