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
  return winston.createLogger({
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
}
