import { execFileSync } from 'node:child_process';
import { createSign, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LoopbackHttp } from './loopback-http';

type Fields = Record<string, string | undefined>;
export interface EnvelopeOptions {
  version?: '1' | '2';
  certUrl?: string;
  /** Signed as given (SNS signs the Timestamp); defaults to now. */
  timestamp?: string;
  /** Fields changed after signing. */
  tamper?: Fields;
}

/** The canonical form SNS signs, written from AWS's documentation (not the code under test). */
function canonical(m: Fields): string {
  const keys =
    m.Type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  return keys
    .filter((k) => m[k] !== undefined)
    .map((k) => `${k}\n${m[k]}\n`)
    .join('');
}

/**
 * Plays Amazon SNS for tests: a self-signed certificate (openssl) served over HTTP from a local
 * server the API is told to trust (SNS_TRUSTED_CERT_URL_PREFIX), messages signed with its key,
 * and a SubscribeURL that records being confirmed.
 */
export class FakeSns {
  readonly confirmations: string[] = [];
  /** How often the signing certificate was downloaded. */
  certificateFetches = 0;
  readonly topicArn = 'arn:aws:sns:eu-west-1:123456789012:herald-ses-feedback';

  private constructor(
    private readonly http: LoopbackHttp,
    private readonly key: string,
  ) {}

  static async start(): Promise<FakeSns> {
    const dir = mkdtempSync(join(tmpdir(), 'herald-sns-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '2',
          '-subj',
          '/CN=sns.eu-west-1.amazonaws.com',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const key = readFileSync(join(dir, 'key.pem'), 'utf8');
      const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
      const http = new LoopbackHttp((req, res) => {
        if (req.url === '/SimpleNotificationService-test.pem') {
          sns.certificateFetches++;
          return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end(cert);
        }
        if (req.url?.startsWith('/confirm')) {
          sns.confirmations.push(req.url);
          return void res.writeHead(200, { 'Content-Type': 'text/xml' }).end('<ConfirmSubscriptionResponse/>');
        }
        res.writeHead(404).end();
      });
      const sns = new FakeSns(http, key);
      await http.listen();
      return sns;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /** What the API is configured to trust besides SNS's own hosts. */
  get trustedPrefix(): string {
    return `${this.http.origin}/`;
  }

  get certUrl(): string {
    return `${this.trustedPrefix}SimpleNotificationService-test.pem`;
  }

  /** A signed SNS envelope; `tamper` changes a field after signing. */
  envelope(type: string, fields: Fields, options: EnvelopeOptions = {}): Record<string, string> {
    const version = options.version ?? '1';
    const m: Fields = {
      Type: type,
      MessageId: randomUUID(),
      TopicArn: this.topicArn,
      Timestamp: options.timestamp ?? new Date().toISOString(),
      ...fields,
    };
    const signer = createSign(version === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
    signer.update(canonical(m), 'utf8');
    const signed = {
      ...m,
      SignatureVersion: version,
      Signature: signer.sign(this.key, 'base64'),
      SigningCertURL: options.certUrl ?? this.certUrl,
    };
    return Object.fromEntries(Object.entries({ ...signed, ...options.tamper }).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
  }

  notification(message: unknown, options: EnvelopeOptions = {}) {
    return this.envelope('Notification', { Message: JSON.stringify(message) }, options);
  }

  subscriptionConfirmation(token = 'token-1') {
    return this.envelope('SubscriptionConfirmation', {
      Message: `You have chosen to subscribe to the topic ${this.topicArn}.`,
      SubscribeURL: `${this.trustedPrefix}confirm?Action=ConfirmSubscription&Token=${token}`,
      Token: token,
    });
  }

  stop(): Promise<void> {
    return this.http.stop();
  }
}
