import { CONTACT_FIELD, eventTypeMatches, type Channel, type Recipient } from '@herald/contracts';

/** An enabled endpoint of a consumer the event names, as fan-out loads it. */
export interface ConsumerEndpoint {
  id: string;
  consumer: string;
  url: string;
  /** Exact names and `prefix.*`; empty: every type. */
  event_types: string[];
}

export interface PlannedNotification {
  recipientIndex: number;
  channel: Channel;
  recipient: string;
  userId?: string;
  /** Set for a consumer's webhook: the endpoint it goes to, and whose secret signs it. */
  endpointId?: string;
}

/**
 * One notification per (recipient x channel), addressed to that channel's contact field; a
 * consumer recipient's webhook becomes one per enabled endpoint of it subscribed to the event
 * type, and none when it has no such endpoint (the event goes on with its other notifications).
 */
export function planNotifications(recipients: Recipient[], eventType = '', endpoints: ConsumerEndpoint[] = []): PlannedNotification[] {
  return recipients.flatMap((recipient, recipientIndex) =>
    recipient.channels.flatMap((channel): PlannedNotification[] => {
      if (channel === 'webhook' && recipient.consumer !== undefined)
        return endpointsFor(recipient, eventType, endpoints).map((e) => ({
          recipientIndex,
          channel,
          recipient: e.url,
          userId: recipient.user_id,
          endpointId: e.id,
        }));
      return [
        {
          recipientIndex,
          channel,
          recipient: normaliseRecipient(channel, recipient[CONTACT_FIELD[channel]] ?? ''),
          userId: recipient.user_id,
        },
      ];
    }),
  );
}

function endpointsFor(recipient: Recipient, eventType: string, endpoints: ConsumerEndpoint[]): ConsumerEndpoint[] {
  const own = endpoints.filter((e) => e.consumer === recipient.consumer);
  if (recipient.endpoint_id !== undefined) return own.filter((e) => e.id === recipient.endpoint_id);
  return own.filter((e) => eventTypeMatches(e.event_types, eventType));
}

/** The form suppressions are stored in: email lower-cased; phones and URLs as validated. */
function normaliseRecipient(channel: Channel, value: string): string {
  return channel === 'email' ? value.trim().toLowerCase() : value.trim();
}
