import type { InlineContent, Recipient } from '@herald/contracts';

/** Inline content is sent literally: no template rendering. */
export type InlineInput = InlineContent;

export interface AttachmentInput {
  filename: string;
  url: string;
  size_bytes: number;
}

/** An event request after openapi validation: the schema has already checked types and formats. */
export interface EventInput {
  event_type: string;
  recipients: Recipient[];
  payload: Record<string, unknown>;
  priority?: 'high' | 'medium' | 'low';
  template_id?: string;
  template_name?: string;
  inline?: InlineInput;
  attachments?: AttachmentInput[];
  idempotency_key?: string;
  metadata?: Record<string, unknown>;
}

export function notificationCount(input: EventInput): number {
  return input.recipients.reduce((n, r) => n + r.channels.length, 0);
}
