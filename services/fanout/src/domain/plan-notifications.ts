import type { Channel } from '@herald/contracts';

const CONTACT = { email: 'email', sms: 'phone', webhook: 'webhook_url' } as const;

export interface RecipientSpec {
  channels: Channel[];
  email?: string;
  phone?: string;
  webhook_url?: string;
  user_id?: string;
}

export interface PlannedNotification {
  recipientIndex: number;
  channel: Channel;
  recipient: string;
  userId?: string;
}

/** One notification per (recipient x channel), addressed to that channel's contact field. */
export function planNotifications(recipients: RecipientSpec[]): PlannedNotification[] {
  return recipients.flatMap((recipient, recipientIndex) =>
    recipient.channels.map((channel) => ({
      recipientIndex,
      channel,
      recipient: normaliseRecipient(channel, recipient[CONTACT[channel]] ?? ''),
      userId: recipient.user_id,
    })),
  );
}

/** The form suppressions are stored in: email lower-cased; phones and URLs as validated. */
function normaliseRecipient(channel: keyof typeof CONTACT, value: string): string {
  return channel === 'email' ? value.trim().toLowerCase() : value.trim();
}
