import type { ProviderResponse } from '@herald/delivery';
import type { FailureVerdict } from '@herald/delivery';

export interface OutgoingEmail {
  /** Envelope sender (MAIL FROM / SES FromEmailAddress): the From address. */
  from: string;
  to: string;
  /** The complete MIME message, sent as is. */
  raw: Buffer;
}

/** What one provider call produced; `response` goes into provider_response beside the message id. */
export type TransportResult = ({ kind: 'sent' } | FailureVerdict) & { response: ProviderResponse };

/** The email provider port: SMTP and SES v2 both send the raw MIME message. */
export interface EmailTransport {
  readonly name: 'smtp' | 'ses';
  send(email: OutgoingEmail): Promise<TransportResult>;
  close(): Promise<void>;
}
