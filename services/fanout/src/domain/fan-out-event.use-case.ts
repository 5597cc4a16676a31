import type { Channel } from '@herald/contracts';
import type { NotificationToCreate, StoredEvent } from '../data/fanout.repository';
import { composeContent, type Composed } from './compose-content';
import { planNotifications } from './plan-notifications';

/**
 * Decides every notification of an event: its content (rendered once per channel) and whether
 * it is to be sent or has already failed (a template that vanished, a payload missing a required
 * variable). Suppression is decided where the list lives, in the insert itself.
 */
export function decideNotifications(event: StoredEvent): NotificationToCreate[] {
  const composed = new Map<Channel, Composed>();
  const contentFor = (channel: Channel) => {
    if (!composed.has(channel)) composed.set(channel, composeContent(channel, event, event.templates));
    return composed.get(channel)!;
  };
  return planNotifications(event.recipients).map((p) => {
    const result = contentFor(p.channel);
    return result.ok
      ? { ...p, status: 'processing', content: result.content, lastError: null }
      : { ...p, status: 'failed', content: null, lastError: result.reason };
  });
}
