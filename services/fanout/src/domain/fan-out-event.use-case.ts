import { EVENT_LIMITS, utf8Bytes, type Channel } from '@herald/contracts';
import { composeContent, contentBytes, type Composed } from './compose-content';
import type { ChannelContent, FanOutPlan, NotificationToCreate, StoredEvent } from './fan-out.model';
import { planNotifications, type PlannedNotification } from './plan-notifications';

/**
 * Decides every notification of an event and the content they share: rendered once per channel,
 * then each notification is to be sent or has already failed (a template that vanished, a payload
 * missing a required variable, content past the size limits). Suppression is decided where the
 * list lives, in the insert itself.
 */
export function planFanOut(event: StoredEvent): FanOutPlan {
  const planned = planNotifications(event.recipients, event.event_type, event.endpoints);
  const composed = new Map<Channel, Composed>();
  for (const channel of new Set(planned.map((p) => p.channel))) composed.set(channel, composeContent(channel, event, event.templates));
  applySendBudget(composed, planned, event.payload);

  const notifications = planned.map((p): NotificationToCreate => {
    const result = composed.get(p.channel)!;
    if (!result.ok) return { ...p, status: 'failed', lastError: result.reason, category: null };
    return { ...p, status: 'processing', lastError: null, category: result.content?.category ?? null };
  });
  const contents: ChannelContent[] = [];
  for (const [channel, result] of composed) if (result.ok && result.content) contents.push({ channel, content: result.content });
  return { notifications, contents };
}

/**
 * Intake bounds what it can see (payload x webhooks + inline content x emails); a template's
 * output is only known here. Past the budget, the emails fail with the reason rather than asking
 * the workers to send gigabytes.
 */
function applySendBudget(composed: Map<Channel, Composed>, planned: PlannedNotification[], payload: unknown): void {
  const email = composed.get('email');
  if (!email?.ok) return;
  const count = (channel: Channel) => planned.filter((p) => p.channel === channel).length;
  const webhooks = count('webhook');
  const bytes = (webhooks ? webhooks * utf8Bytes(JSON.stringify(payload)) : 0) + count('email') * contentBytes(email.content);
  if (bytes <= EVENT_LIMITS.sendBytes) return;
  composed.set('email', {
    ok: false,
    reason:
      `this event would send ${bytes} bytes in all with its rendered email content; ` +
      `at most ${EVENT_LIMITS.sendBytes} (128 MiB) per event: spread the recipients over several events`,
  });
}
