import type { DkimSettings } from '@herald/config';
import { createTransport, type Transporter } from 'nodemailer';
import { classifySmtpError } from '../domain/smtp-outcome.classifier';
import type { EmailTransport, OutgoingEmail, TransportResult } from '../domain/email-transport.port';

export interface SmtpTransportOptions {
  /** smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start); nodemailer URL options apply. */
  url: string;
  poolSize: number;
  timeoutMs: number;
  /** Said in EHLO: receivers compare it with the connecting address's reverse DNS. */
  ehloName: string;
  /** Signs every message when set. */
  dkim?: DkimSettings;
}

/**
 * nodemailer's default list (RFC 6376 section 5.4) plus what RFC 8058 wants signed
 * (List-Unsubscribe-Post) and Auto-Submitted, so no relay can add or alter them unnoticed.
 */
const DKIM_SIGNED_HEADERS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:' +
  'Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:' +
  'In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:' +
  'List-Owner:List-Archive:Auto-Submitted';

/** The first line of the server's final reply, for the attempt log. */
const replyLine = (response: unknown): string | null => (typeof response === 'string' ? response.split(/\r?\n/)[0].slice(0, 512) : null);

/**
 * SMTP through nodemailer's pool: up to `poolSize` connections kept open across deliveries,
 * upgraded with STARTTLS whenever the server offers it. Every timeout is bounded, so a silent
 * server costs one attempt, not a worker. With DKIM settings, nodemailer signs the raw message
 * as it streams it out (relaxed/relaxed, rsa-sha256).
 */
export class SmtpTransport implements EmailTransport {
  readonly name = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(options: SmtpTransportOptions) {
    this.transporter = createTransport({
      url: options.url,
      pool: true,
      maxConnections: options.poolSize,
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
      name: options.ehloName,
      dkim: options.dkim && { ...options.dkim, headerFieldNames: DKIM_SIGNED_HEADERS },
    });
  }

  async send(email: OutgoingEmail): Promise<TransportResult> {
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    try {
      const info = await this.transporter.sendMail({ envelope: { from: email.from, to: [email.to] }, raw: email.raw });
      return { kind: 'sent', response: { provider: 'smtp', smtp_response: replyLine(info.response), latency_ms: latency() } };
    } catch (err) {
      const reply = replyLine((err as { response?: unknown } | null)?.response);
      return { ...classifySmtpError(err), response: { provider: 'smtp', smtp_response: reply, latency_ms: latency() } };
    }
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
