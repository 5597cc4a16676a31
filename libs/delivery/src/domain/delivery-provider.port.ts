import type { DeliveryMessage, NotificationContent, NotificationStatus } from '@herald/contracts';

/** One entry of `events.attachments`: downloaded at every attempt, never stored. */
export interface AttachmentRef {
  filename: string;
  url: string;
  size_bytes: number;
}

/** The notification as the worker finds it just before an attempt. */
export interface DeliveryTarget {
  status: NotificationStatus;
  retryCount: number;
  /** The address of this notification's channel: mailbox, phone number or webhook URL. */
  recipient: string;
  eventType: string;
  /** When the API accepted the event: the start of the end-to-end latency. */
  acceptedAt: Date;
  /** The event's payload, loaded for webhooks only (the one channel that sends it). */
  payload: Record<string, unknown> | null;
  content: NotificationContent | null;
  attachments: AttachmentRef[];
  /**
   * The signing secret, still sealed; only webhooks open it: the project's, or for a consumer
   * endpoint's notification (`endpointId`) the endpoint's, null when that endpoint was deleted.
   */
  sealedSecret: string | null;
  /** The secret a rotation replaced, still sealed, while its grace period lasts; else null. */
  previousSealedSecret: string | null;
  /** The consumer endpoint this webhook goes to (docs/consumers.md); absent for `webhook_url`. */
  endpointId?: string;
  /** That endpoint's state when the notification was read; absent once it was deleted. */
  endpoint?: EndpointState;
}

export interface EndpointState {
  /** Sends per second at most, across every worker; null: no limit. */
  rateLimitPerSecond: number | null;
  disabled: boolean;
  /** Its last attempts failed (`failing_since` is set). */
  failing: boolean;
}

/** Recorded as the attempt's `provider_response`; `message_id` identifies what the provider accepted. */
export interface ProviderResponse {
  message_id?: string;
  [field: string]: unknown;
}

export type SuppressionReason = 'hard_bounce' | 'spam_complaint' | 'manual';

/**
 * A provider's verdict on one attempt, already judged: the provider adapter knows which of its
 * errors are worth retrying. `suppress` asks for the recipient to be suppressed in the same
 * transaction that records the attempt (a mailbox that does not exist, an SMS opt-out).
 */
export type DeliveryOutcome =
  | { kind: 'delivered'; providerResponse: ProviderResponse }
  | { kind: 'retryable'; providerResponse: ProviderResponse; error: string; retryAfterMs?: number }
  | { kind: 'permanent'; providerResponse: ProviderResponse; error: string; suppress?: SuppressionReason };

/** A provider adapter's judgement of a failed call, before it becomes the attempt's outcome. */
export type FailureVerdict = { kind: 'retryable'; error: string } | { kind: 'permanent'; error: string; suppress?: SuppressionReason };

export interface DeliveryRequest {
  message: DeliveryMessage;
  target: DeliveryTarget;
  requestId?: string;
}

/** The provider port, one adapter per channel. `send` never throws for a provider's answer. */
export interface DeliveryProvider {
  send(request: DeliveryRequest): Promise<DeliveryOutcome>;
  /** Releases pooled connections once in-flight deliveries have finished. */
  close?(): Promise<void>;
}

/**
 * Duck-typed: socket errors and DOMExceptions may come from another realm, where instanceof
 * Error fails. `code: message`, or the name when there is no message.
 */
export function describeError(err: unknown): string {
  if (typeof err !== 'object' || err === null) return String(err);
  const { name, message, code } = err as { name?: unknown; message?: unknown; code?: unknown };
  const text = typeof message === 'string' && message ? message : String(name ?? 'unknown error');
  return typeof code === 'string' && !text.startsWith(code) ? `${code}: ${text}` : text;
}
