import { connect } from 'node:net';
import type { Config } from '@herald/config';
import type { QueueDriverName } from './port/message-queue.port';

/** Long enough for a local broker to accept, short enough not to hold up a start. */
const PROBE_TIMEOUT_MS = 500;

export interface DriverChoice {
  driver: QueueDriverName;
  /** Why, for the one line each process logs at start. */
  reason: string;
}

/** True when something accepts a TCP connection on the broker's address within the timeout. */
export function brokerAnswers(amqpUrl: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  const url = new URL(amqpUrl);
  const port = Number(url.port || (url.protocol === 'amqps:' ? 5671 : 5672));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * QUEUE_DRIVER when set; else rabbitmq when AMQP_URL is set (a configured broker is used as
 * configured, never replaced) or a broker answers on the default address; else postgres.
 */
export async function selectQueueDriver(config: Config, probe = brokerAnswers): Promise<DriverChoice> {
  if (config.QUEUE_DRIVER) return { driver: config.QUEUE_DRIVER, reason: `QUEUE_DRIVER=${config.QUEUE_DRIVER}` };
  if (config.amqpUrlSet) return { driver: 'rabbitmq', reason: 'AMQP_URL is set' };
  const address = new URL(config.AMQP_URL).host;
  if (await probe(config.AMQP_URL)) return { driver: 'rabbitmq', reason: `a broker answers on ${address}` };
  return { driver: 'postgres', reason: `QUEUE_DRIVER and AMQP_URL are unset and no broker answers on ${address}` };
}
