import type { Channel } from './channels';

/**
 * One recipient of an event, as intake stores it (`events.recipients`, after openapi validation)
 * and fan-out reads it back to plan the notifications.
 */
export interface Recipient {
  channels: Channel[];
  email?: string;
  phone?: string;
  webhook_url?: string;
  /** A consumer's uid instead of `webhook_url`: one webhook per endpoint of it subscribed to the event type (docs/consumers.md). */
  consumer?: string;
  /**
   * Only with `consumer`, set by Herald itself (an endpoint's test event): that one endpoint,
   * whatever its filter. openapi.yaml's Recipient has no such field, so no client can set it.
   */
  endpoint_id?: string;
  user_id?: string;
}

/** The recipient field each channel sends to. */
export const CONTACT_FIELD = { email: 'email', sms: 'phone', webhook: 'webhook_url' } as const satisfies Record<Channel, keyof Recipient>;
