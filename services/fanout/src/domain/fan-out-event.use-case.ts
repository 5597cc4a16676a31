import type { Channel } from '@herald/contracts';
import type { NotificationToCreate, StoredEvent } from '../data/fanout.repository';
import { composeContent, type Composed, type TemplateForRender } from './compose-content';
import { planNotifications } from './plan-notifications';

/**
 * Decides every notification of an event: its content (rendered once per channel), and whether
 * it is to be sent, is suppressed, or has already failed (a template that vanished or a payload
 * missing a required variable).
 */
export function decideNotifications(event: StoredEvent, templates: TemplateForRender[], suppressed: Set<string>): NotificationToCreate[] {
  const planned = planNotifications(event.recipients);
  const composed = new Map<Channel, Composed>();
  const contentFor = (channel: Channel) => {
    if (!composed.has(channel)) composed.set(channel, composeContent(channel, event, templates));
    return composed.get(channel)!;
  };
  return planned.map((p) => {
    if (suppressed.has(`${p.channel}:${p.recipient}`)) return { ...p, status: 'suppressed', content: null, lastError: null };
    const result = contentFor(p.channel);
    return result.ok
      ? { ...p, status: 'processing', content: result.content, lastError: null }
      : { ...p, status: 'failed', content: null, lastError: result.reason };
  });
}
