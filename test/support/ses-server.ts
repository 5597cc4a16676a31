import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { simpleParser, type ParsedMail } from 'mailparser';
import { LoopbackHttp, RecordingFake, withBody } from './loopback-http';

export interface SesRequest {
  headers: IncomingHttpHeaders;
  body: {
    FromEmailAddress?: string;
    Destination?: { ToAddresses?: string[] };
    Content?: { Raw?: { Data?: string } };
    ConfigurationSetName?: string;
  };
  raw: Buffer;
  parsed: ParsedMail;
}

/** Answers one SendEmail call; undefined accepts it with a fresh MessageId. */
export type SesResponder = (req: SesRequest, nth: number) => { status: number; errorType: string; message: string } | undefined;

/**
 * A local SES v2 compatible endpoint: the SDK's SendEmail (POST /v2/email/outbound-emails, JSON,
 * Content.Raw.Data in base64). Errors are answered the way SES's REST-JSON protocol does, with
 * the error name in `x-amzn-ErrorType`, so the real SDK raises its real exception classes.
 */
export class SesServer extends RecordingFake<SesRequest, SesResponder> {
  private constructor(http: LoopbackHttp) {
    super(
      http,
      () => undefined,
      (request, recipient) => request.body.Destination?.ToAddresses?.includes(recipient) ?? false,
    );
  }

  static async start(): Promise<SesServer> {
    const http = new LoopbackHttp(
      withBody((req, body, res) => {
        if (req.method !== 'POST' || req.url !== '/v2/email/outbound-emails') return void res.writeHead(404).end();
        void ses.handle(req.headers, body, res);
      }),
    );
    const ses = new SesServer(http);
    return ses.listening();
  }

  get endpoint(): string {
    return this.http.origin;
  }

  private async handle(headers: IncomingHttpHeaders, payload: Buffer, res: ServerResponse): Promise<void> {
    const body = JSON.parse(payload.toString('utf8')) as SesRequest['body'];
    const raw = Buffer.from(body.Content?.Raw?.Data ?? '', 'base64');
    const request: SesRequest = { headers, body, raw, parsed: await simpleParser(raw) };
    this.requests.push(request);
    const recipient = body.Destination?.ToAddresses?.[0];
    const nth = this.requests.filter((r) => r.body.Destination?.ToAddresses?.[0] === recipient).length;
    const error = this.responder(request, nth);
    if (error) {
      res.writeHead(error.status, { 'Content-Type': 'application/json', 'x-amzn-ErrorType': error.errorType, 'x-amzn-RequestId': 'req-1' });
      res.end(JSON.stringify({ message: error.message }));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json', 'x-amzn-RequestId': 'req-1' });
    res.end(JSON.stringify({ MessageId: `0100018c-${nth}-${Date.now()}-ses` }));
  }
}
