import { startWebhookWorker } from '../../services/webhook-worker/src/app';
import { ChannelWorkerHarness } from '../support/channel-worker.harness';

export type { DeadLetteredMessage } from '../support/channel-worker.harness';

/** The webhook worker under the shared channel-worker harness. */
export type WorkerHarness = ChannelWorkerHarness;
export const WorkerHarness = {
  start: (overrides: Record<string, string> = {}) => ChannelWorkerHarness.start('webhook', startWebhookWorker, overrides),
};
