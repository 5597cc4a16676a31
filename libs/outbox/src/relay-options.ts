import type { OutboxBundler, OutboxRelayOptions } from './outbox-relay';

/** The environment's relay settings (a slice of `@herald/config`'s Config, so this lib does not depend on it). */
export interface OutboxRelaySettings {
  OUTBOX_BATCH_SIZE: number;
  OUTBOX_POLL_INTERVAL_MS: number;
  OUTBOX_BATCH_BYTES: number;
  OUTBOX_MAX_MESSAGE_BYTES: number;
}

/**
 * Every process that relays (api, fan-out, scheduler) reads the same settings; what differs is
 * which exchanges its rows go to and whether it bundles. Fan-out passes no bundler: its relay is
 * the backstop for rows an api left behind, and fan-out replicas are rolled out before the api,
 * so it keeps to single messages that every fan-out, old or new, reads (README, docs/operations.md).
 */
export function outboxRelayOptions(settings: OutboxRelaySettings, exchanges: string[], bundle?: OutboxBundler): OutboxRelayOptions {
  return {
    exchanges,
    batchSize: settings.OUTBOX_BATCH_SIZE,
    pollIntervalMs: settings.OUTBOX_POLL_INTERVAL_MS,
    batchBytes: settings.OUTBOX_BATCH_BYTES,
    maxMessageBytes: settings.OUTBOX_MAX_MESSAGE_BYTES,
    ...(bundle && { bundle }),
  };
}
