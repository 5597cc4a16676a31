import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { AwsCredentials } from '@herald/config';
import { classifySesError } from '../domain/ses-outcome.classifier';
import type { EmailTransport, OutgoingEmail, TransportResult } from '../domain/email-transport.port';

export interface SesTransportOptions {
  region: string;
  /** Overrides the regional endpoint (tests run a local SES v2 compatible server). */
  endpoint?: string;
  /** Static keys; undefined uses the SDK's default chain (instance or pod role). */
  credentials?: AwsCredentials;
  configurationSet?: string;
  timeoutMs: number;
}

/**
 * Amazon SES v2 SendEmail with Content.Raw: the MIME message built for SMTP, byte for byte.
 * The SDK's own retries are off (one call per attempt); ours decide, with the same backoff and
 * dead-lettering as every channel. SES's MessageId is kept beside our Message-ID, since SES
 * feedback names the message by it.
 */
export class SesTransport implements EmailTransport {
  readonly name = 'ses' as const;
  private readonly client: SESv2Client;

  constructor(private readonly options: SesTransportOptions) {
    this.client = new SESv2Client({
      region: options.region,
      endpoint: options.endpoint,
      credentials: options.credentials,
      maxAttempts: 1,
      requestHandler: { connectionTimeout: options.timeoutMs, requestTimeout: options.timeoutMs },
    });
  }

  async send(email: OutgoingEmail): Promise<TransportResult> {
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    try {
      const out = await this.client.send(
        new SendEmailCommand({
          FromEmailAddress: email.from,
          Destination: { ToAddresses: [email.to] },
          Content: { Raw: { Data: email.raw } },
          ConfigurationSetName: this.options.configurationSet,
        }),
      );
      return { kind: 'sent', response: { provider: 'ses', ses_message_id: out.MessageId ?? null, latency_ms: latency() } };
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode ?? null;
      return { ...classifySesError(err), response: { provider: 'ses', status_code: status, latency_ms: latency() } };
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
