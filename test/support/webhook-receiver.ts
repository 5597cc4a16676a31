import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { LoopbackHttp, RecordingFake, withBody } from './loopback-http';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  body: Record<string, unknown>;
  /** Verified the way the docs tell receivers to: HMAC over the raw bytes, constant-time compare, either signature header. */
  signatureValid: boolean;
  /** Verified with the `standardwebhooks` package, as a receiver using any Standard Webhooks library would. */
  standardSignatureValid: boolean;
}

export type Responder = (req: ReceivedRequest, res: ServerResponse, nth: number) => void;

/** A real HTTP receiver on loopback that verifies Herald's signature on every request it gets. */
export class WebhookReceiver extends RecordingFake<ReceivedRequest, Responder> {
  private constructor(
    http: LoopbackHttp,
    private readonly secret: () => string,
  ) {
    super(
      http,
      (_req, res) => res.writeHead(200).end('ok'),
      (request, notificationId) => request.body.notification_id === notificationId,
    );
  }

  static async start(secret: string | (() => string)): Promise<WebhookReceiver> {
    const secretFn = typeof secret === 'string' ? () => secret : secret;
    const http = new LoopbackHttp(
      withBody((req, rawBody, res) => {
        const received: ReceivedRequest = {
          headers: req.headers,
          rawBody,
          body: rawBody.length ? JSON.parse(rawBody.toString('utf8')) : {},
          signatureValid: verifyHerald(secretFn(), rawBody, req.headers),
          standardSignatureValid: verifyStandard(secretFn(), rawBody, req.headers),
        };
        receiver.requests.push(received);
        receiver.responder(received, res, receiver.requests.length);
      }),
    );
    const receiver = new WebhookReceiver(http, secretFn);
    return receiver.listening();
  }

  get url(): string {
    return this.http.origin;
  }
}

/** Whether `secret` verifies a request this receiver got (one secret's deliveries must not verify with another). */
export function signedWith(secret: string, request: ReceivedRequest): boolean {
  return verifyHerald(secret, request.rawBody, request.headers);
}

/** As openapi.yaml tells receivers: accept when either header matches (`-Next` is sent during a secret rotation). */
function verifyHerald(secret: string, raw: Buffer, headers: IncomingHttpHeaders): boolean {
  return verify(secret, raw, headers['x-herald-signature-256']) || verify(secret, raw, headers['x-herald-signature-256-next']);
}

function verify(secret: string, raw: Buffer, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = Buffer.from('sha256=' + createHmac('sha256', secret).update(raw).digest('hex'));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function verifyStandard(secret: string, raw: Buffer, headers: IncomingHttpHeaders): boolean {
  try {
    new Webhook(secret).verify(raw.toString('utf8'), headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}
