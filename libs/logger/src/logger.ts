import winston from 'winston';
import { currentRequestId } from './request-context';

export type Logger = winston.Logger;

const withRequestId = winston.format((info) => {
  const requestId = currentRequestId();
  if (requestId && info.request_id === undefined) info.request_id = requestId;
  return info;
});

/** JSON lines on stdout, one logger per process, tagged with the service name. */
export function createLogger(service: string, level = 'info'): Logger {
  return winston.createLogger({
    level: level === 'silent' ? 'error' : level,
    silent: level === 'silent',
    defaultMeta: { service },
    format: winston.format.combine(
      withRequestId(),
      winston.format.timestamp(),
      winston.format.errors({ stack: true }),
      winston.format.json(),
    ),
    transports: [new winston.transports.Console()],
  });
}
