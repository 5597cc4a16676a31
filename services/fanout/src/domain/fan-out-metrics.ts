import type { Channel } from '@herald/contracts';
import { notificationsFinished } from '@herald/metrics';
import type { EndedAtFanOut } from './fan-out.model';

/**
 * Notifications that end at fan-out (suppressed recipients, content that cannot be sent, events
 * fan-out gives up on) never reach a worker: they are counted here, in the same series the
 * workers count delivered and failed ones in, so herald_notifications_finished_total adds up.
 */
export function observeEndedAtFanOut(ended: EndedAtFanOut[]): void {
  for (const e of ended) if (e.count > 0) notificationsFinished.inc({ channel: e.channel, status: e.status }, e.count);
}

export function observeFailedByFanOut(failedByChannel: Partial<Record<Channel, number>>): void {
  for (const [channel, count] of Object.entries(failedByChannel)) {
    if (count) notificationsFinished.inc({ channel, status: 'failed' }, count);
  }
}
