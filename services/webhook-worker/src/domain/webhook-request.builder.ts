import { REQUEST_ID_HEADER, type DeliveryMessage } from '@herald/contracts';
import { heraldSignature, standardWebhooksSignature } from '@herald/webhook-verify';
import type { WebhookRequest } from './webhook-sender.port';
import type { SigningSecrets } from '../data/signing-secret.cache';

export const USER_AGENT = 'Herald-Webhooks/1.0';

export interface AttemptContext {
  /** When this attempt is made; becomes the body's timestamp. */
  now: Date;
  /** Fresh per attempt, so receivers and support can tell attempts apart. */
  messageId: string;
  requestId?: string;
}

/** What the worker loaded for this notification: its URL and its event's type and payload. */
export interface WebhookTarget {
  recipient: string;
  eventType: string;
  payload: Record<string, unknown>;
}

/** The documented body, fields in this order; payload is passed through exactly as stored. */
export function buildWebhookBody(msg: DeliveryMessage, target: WebhookTarget, now: Date): Buffer {
  const body = {
    event_type: target.eventType,
    payload: target.payload,
    notification_id: msg.notification_id,
    timestamp: now.toISOString(),
  };
  return Buffer.from(JSON.stringify(body), 'utf8');
}

/**
 * During a signing-secret rotation's grace period `X-Herald-Signature-256` stays signed with the
 * secret receivers held before it (one value, as always: a receiver that has not switched yet
 * keeps verifying unchanged), and `X-Herald-Signature-256-Next` carries the signature with the
 * new one, which moves into `X-Herald-Signature-256` when the grace period ends. Standard
 * Webhooks libraries already accept a list, so `webhook-signature` carries both.
 */
function heraldSignatureHeaders(secrets: SigningSecrets, body: Buffer): Record<string, string> {
  if (secrets.previous === undefined) return { 'X-Herald-Signature-256': heraldSignature(secrets.current, body) };
  return {
    'X-Herald-Signature-256': heraldSignature(secrets.previous, body),
    'X-Herald-Signature-256-Next': heraldSignature(secrets.current, body),
  };
}

/**
 * Herald's own signature and the Standard Webhooks headers. `webhook-id` is the notification id,
 * the same on every attempt, so receivers deduplicate retries by it.
 */
export function buildWebhookRequest(
  msg: DeliveryMessage,
  target: WebhookTarget,
  secrets: SigningSecrets,
  ctx: AttemptContext,
): WebhookRequest {
  const body = buildWebhookBody(msg, target, ctx.now);
  const timestamp = Math.floor(ctx.now.getTime() / 1000);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': USER_AGENT,
    ...heraldSignatureHeaders(secrets, body),
    'webhook-id': msg.notification_id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardWebhooksSignature(
      secrets.previous === undefined ? [secrets.current] : [secrets.current, secrets.previous],
      msg.notification_id,
      timestamp,
      body,
    ),
    'X-Herald-Notification-Id': msg.notification_id,
    'X-Herald-Attempt': String(msg.attempt),
    'X-Herald-Message-Id': ctx.messageId,
  };
  if (ctx.requestId) headers[REQUEST_ID_HEADER] = ctx.requestId;
  return { url: target.recipient, body, headers };
}
