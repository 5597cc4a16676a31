import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope, as given in MAIL FROM and RCPT TO. */
  mailFrom: string;
  rcptTo: string[];
  /** Whether the session had been upgraded with STARTTLS when the message arrived. */
  secure: boolean;
  /** The name the client gave in EHLO/HELO. */
  ehloName: string;
  raw: Buffer;
  parsed: ParsedMail;
}

/** An SMTP reply to inject: 451 ..., 550 5.1.1 ... (the server writes `${code} ${message}`). */
export interface SmtpReply {
  code: number;
  message: string;
}

/** Decides the answer to RCPT TO; undefined accepts. `nth` counts RCPT commands for that address, from 1. */
export type RcptResponder = (address: string, nth: number) => SmtpReply | undefined;

/**
 * Decides the answer to the end of DATA, after the message was read (and kept in `refused`);
 * undefined accepts. `nth` counts messages for the first recipient, from 1.
 */
export type DataResponder = (recipient: string, nth: number) => SmtpReply | undefined;

function smtpError(reply: SmtpReply): Error {
  return Object.assign(new Error(reply.message), { responseCode: reply.code });
}

/**
 * A real SMTP server in the test process (smtp-server), parsing what it receives with mailparser.
 * No AUTH; STARTTLS only when asked for (with smtp-server's built-in test certificate).
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  /** Messages read in full and then refused by the data responder: what a timed-out sender may have left at a server. */
  readonly refused: ReceivedMail[] = [];
  private readonly attempts = new Map<string, number>();
  private readonly dataCounts = new Map<string, number>();
  private responder: RcptResponder = () => undefined;
  private dataResponder: DataResponder = () => undefined;
  /** How long each message is held before it is accepted, so a backlog builds up behind a slow server. */
  private dataDelayMs = 0;

  private constructor(private readonly server: SMTPServer) {}

  static async start(options: { starttls?: boolean } = {}): Promise<SmtpSink> {
    const server = new SMTPServer({
      logger: false,
      authOptional: true,
      disabledCommands: ['AUTH'],
      hideSTARTTLS: !options.starttls,
      size: 64 * 1024 * 1024,
      onRcptTo: (address: SMTPServerAddress, _session: SMTPServerSession, callback: (err?: Error | null) => void) => {
        const key = address.address.toLowerCase();
        const nth = (sink.attempts.get(key) ?? 0) + 1;
        sink.attempts.set(key, nth);
        const reply = sink.responder(key, nth);
        callback(reply ? smtpError(reply) : null);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          simpleParser(raw).then(
            (parsed) => {
              setTimeout(() => {
                const mail: ReceivedMail = {
                  mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                  rcptTo: session.envelope.rcptTo.map((r) => r.address),
                  secure: session.secure,
                  ehloName: session.hostNameAppearsAs,
                  raw,
                  parsed,
                };
                const first = mail.rcptTo[0]?.toLowerCase() ?? '';
                const nth = (sink.dataCounts.get(first) ?? 0) + 1;
                sink.dataCounts.set(first, nth);
                const reply = sink.dataResponder(first, nth);
                if (reply) {
                  sink.refused.push(mail);
                  return callback(smtpError(reply));
                }
                sink.received.push(mail);
                callback(null);
              }, sink.dataDelayMs);
            },
            (err: Error) => callback(err),
          );
        });
      },
    });
    const sink = new SmtpSink(server);
    // A client killed mid-session (a SIGKILLed email-worker) resets its connection; smtp-server
    // reports that as an 'error' event, which would otherwise be thrown into the test process.
    server.on('error', () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    return sink;
  }

  get port(): number {
    return (this.server.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Takes `ms` over every message from now on (0: at once). */
  slowDown(ms: number): void {
    this.dataDelayMs = ms;
  }

  respondToRcpt(responder: RcptResponder): void {
    this.responder = responder;
  }

  respondToData(responder: DataResponder): void {
    this.dataResponder = responder;
  }

  /** Messages received for one recipient, in arrival order. */
  for(recipient: string): ReceivedMail[] {
    return this.received.filter((m) => m.rcptTo.map((r) => r.toLowerCase()).includes(recipient.toLowerCase()));
  }

  /** RCPT TO commands seen for one recipient (accepted or not). */
  rcptCount(recipient: string): number {
    return this.attempts.get(recipient.toLowerCase()) ?? 0;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
