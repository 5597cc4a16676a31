import { ProgressWatchdog, type DependencyCheck, type ProcessHealth } from '@herald/metrics';

/** What the checks need of the database, the queue and a consumer (structural: no driver types here). */
interface Pingable {
  ping(): Promise<void>;
}
interface QueueState {
  readonly isConnected: boolean;
  readonly driver: string;
}
interface HoldsMessages {
  readonly inFlightCount: number;
}

export interface ConsumerHealth extends ProcessHealth {
  /** Wraps a handler so each message it finishes (however it ends) counts as progress. */
  watch<M, R>(handle: (msg: M) => Promise<R>): (msg: M) => Promise<R>;
  /** Work finished inside a message still held (one delivery of a batch): progress too. */
  progressed(): void;
  /** The consumers whose in-flight messages the watchdog looks at. */
  track(consumer: HoldsMessages): void;
}

const PING_TIMEOUT_MS = 2000;

/**
 * Health of a consuming process (fan-out, channel workers): live while its consumers finish what
 * they hold, ready while PostgreSQL and the queue answer. A database outage makes it unready, not
 * dead: restarting would not bring the database back, and the messages wait in the queue.
 */
export function consumerHealth(deps: { db: Pingable; queue: QueueState; stallMs: number }): ConsumerHealth {
  const consumers: HoldsMessages[] = [];
  const watchdog = new ProgressWatchdog(() => consumers.reduce((n, c) => n + c.inFlightCount, 0), deps.stallMs);
  return {
    watch: (handle) => (msg) => handle(msg).finally(() => watchdog.progressed()),
    progressed: () => watchdog.progressed(),
    track: (consumer) => void consumers.push(consumer),
    wedged: () => watchdog.wedged(),
    async ready(): Promise<DependencyCheck[]> {
      const database = await Promise.race([
        deps.db.ping().then(() => ({ name: 'database', ok: true })),
        new Promise<DependencyCheck>((resolve) =>
          setTimeout(
            () => resolve({ name: 'database', ok: false, detail: `no answer within ${PING_TIMEOUT_MS} ms` }),
            PING_TIMEOUT_MS,
          ).unref(),
        ),
      ]).catch((err: Error): DependencyCheck => ({ name: 'database', ok: false, detail: err.message }));
      const queue: DependencyCheck = deps.queue.isConnected
        ? { name: 'queue', ok: true }
        : { name: 'queue', ok: false, detail: `${deps.queue.driver} queue not connected` };
      return [database, queue];
    },
  };
}
