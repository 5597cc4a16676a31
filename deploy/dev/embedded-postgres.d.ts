/** Types of embedded-postgres.js for the TypeScript tests that start it. */
export interface EmbeddedPostgres {
  url: string;
  firstStart: boolean;
  logFile: string;
  /** Where the data is: the folder asked for, or one the `postgres` user can reach when root runs a project it cannot enter. */
  dataDir: string;
  pid: number;
  /** pg_ctl stop -m fast (the default: a checkpoint, then exit) or -m immediate (exit at once, recover on the next start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
}

export function answers(address: string, timeoutMs?: number): Promise<boolean>;
export function defaultAddress(env: NodeJS.ProcessEnv): string;
export function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  database?: string;
  detached?: boolean;
  auth?: 'trust' | 'scram-sha-256';
  say?: (line: string) => void;
}): Promise<EmbeddedPostgres>;
export const DEFAULT_EMBEDDED_PORT: number;
