import { redactUrlsIn } from '@herald/config';
import winston from 'winston';

export type Logger = winston.Logger;

/**
 * Masks the credentials of any URL in the message or a top-level string field (an error's
 * message or stack from a driver, a target URL): log lines leave the process.
 */
const withoutCredentials = winston.format((info) => {
  for (const key of Object.keys(info)) {
    const value = info[key];
    if (typeof value === 'string' && value.includes('://')) info[key] = redactUrlsIn(value);
  }
  return info;
});

/**
 * JSON lines on stdout, one logger per process, tagged with the service name. Lines about one
 * request, event or delivery name its `request_id` themselves: carrying it implicitly through
 * AsyncLocalStorage put a promise hook on every promise of the process, ~10% of a webhook
 * worker's CPU per delivery, for a field a handful of log calls need.
 */
export function createLogger(service: string, level = 'info'): Logger {
  const logger = winston.createLogger({
    level: level === 'silent' ? 'error' : level,
    silent: level === 'silent',
    defaultMeta: { service },
    format: winston.format.combine(
      winston.format.timestamp(),
      winston.format.errors({ stack: true }),
      withoutCredentials(),
      winston.format.json(),
    ),
    transports: [new winston.transports.Console()],
  });
  returnEarlyBelowLevel(logger);
  return logger;
}

/**
 * winston runs every format (timestamp, masking, JSON) and its stream plumbing before the
 * transport drops an entry below the level: fan-out's one `info` line per event cost about 5% of
 * its CPU at LOG_LEVEL=warn. Each level's method now returns at once when that level is off, so
 * no call site has to remember to ask first. The level is read per call: changing it still works.
 */
function returnEarlyBelowLevel(logger: Logger): void {
  const methods = logger as unknown as Record<string, (...args: unknown[]) => Logger>;
  for (const level of Object.keys(logger.levels)) {
    const write = methods[level];
    methods[level] = function (this: Logger | undefined, ...args: unknown[]): Logger {
      const self = this ?? logger;
      return self.isLevelEnabled(level) ? write.apply(self, args) : self;
    };
  }
}
