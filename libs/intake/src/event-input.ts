import type { Channel, InlineContent } from '@herald/contracts';

/** An event request after openapi validation: the schema has already checked types and formats. */
export interface RecipientInput {
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

/** Inline content is sent literally: no template rendering. */
export type InlineInput = InlineContent;

export interface AttachmentInput {
  filename: string;
  url: string;
  size_bytes: number;
}

export interface EventInput {
  event_type: string;
  recipients: RecipientInput[];
  payload: Record<string, unknown>;
  priority?: 'high' | 'medium' | 'low';
  template_id?: string;
  template_name?: string;
  inline?: InlineInput;
  attachments?: AttachmentInput[];
  idempotency_key?: string;
  metadata?: Record<string, unknown>;
}

export const CONTACT_FIELD: Record<Channel, 'email' | 'phone' | 'webhook_url'> = {
  email: 'email',
  sms: 'phone',
  webhook: 'webhook_url',
};

export function notificationCount(input: EventInput): number {
  return input.recipients.reduce((n, r) => n + r.channels.length, 0);
}
