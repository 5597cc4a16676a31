import type { PlannedNotification, StoredEvent } from '../data/fanout.repository';

const CONTACT = { email: 'email', sms: 'phone', webhook: 'webhook_url' } as const;

/** One notification per (recipient x channel), addressed to that channel's contact field. */
export function planNotifications(event: StoredEvent): PlannedNotification[] {
  return event.recipients.flatMap((recipient, recipientIndex) =>
    recipient.channels.map((channel) => ({
      recipientIndex,
      channel,
      recipient: normaliseRecipient(channel, recipient[CONTACT[channel]] ?? ''),
      userId: recipient.user_id,
    })),
  );
}

/** Email addresses compare case-insensitively; lists and suppressions match on this form. */
function normaliseRecipient(channel: keyof typeof CONTACT, value: string): string {
  return channel === 'email' ? value.trim().toLowerCase() : value.trim();
}
