import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { LoopbackHttp, RecordingFake, withBody } from './loopback-http';

export interface TwilioRequest {
  accountSid: string;
  headers: IncomingHttpHeaders;
  /** The form fields the SDK sent: To, From, Body. */
  form: Record<string, string>;
}

/** An error answer the way Twilio writes them; undefined accepts (201, status queued). */
export type TwilioResponder = (req: TwilioRequest, nth: number) => { status: number; code?: number; message: string } | undefined;

/**
 * A local server speaking Twilio's Messages API as far as the SDK uses it: POST
 * /2010-04-01/Accounts/{Sid}/Messages.json, form-encoded To/From/Body, HTTP basic auth; answers
 * 201 with the message resource ("SM..." sid, status queued), errors as {code, message, more_info, status}.
 */
export class TwilioServer extends RecordingFake<TwilioRequest, TwilioResponder> {
  private constructor(
    http: LoopbackHttp,
    private readonly accountSid: string,
    private readonly authToken: string,
  ) {
    super(
      http,
      () => undefined,
      (request, to) => request.form.To === to,
    );
  }

  static async start(accountSid: string, authToken: string): Promise<TwilioServer> {
    const http = new LoopbackHttp(
      withBody((req, body, res) => twilio.handle(req.method ?? '', req.url ?? '', req.headers, body.toString('utf8'), res)),
    );
    const twilio = new TwilioServer(http, accountSid, authToken);
    return twilio.listening();
  }

  get baseUrl(): string {
    return this.http.origin;
  }

  private handle(method: string, url: string, headers: IncomingHttpHeaders, body: string, res: ServerResponse): void {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url);
    if (method !== 'POST' || !match) return error(res, 404, 20404, 'The requested resource was not found');
    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    if (headers.authorization !== expected || match[1] !== this.accountSid) return error(res, 401, 20003, 'Authenticate');
    const form = Object.fromEntries(new URLSearchParams(body));
    const request: TwilioRequest = { accountSid: match[1], headers, form };
    this.requests.push(request);
    const nth = this.for(form.To).length;
    const failure = this.responder(request, nth);
    if (failure) return error(res, failure.status, failure.code, failure.message);
    const sid = `SM${randomBytes(16).toString('hex')}`;
    res.writeHead(201, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        sid,
        account_sid: this.accountSid,
        to: form.To,
        from: form.From,
        body: form.Body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: new Date().toUTCString(),
        uri: `/2010-04-01/Accounts/${this.accountSid}/Messages/${sid}.json`,
      }),
    );
  }
}

function error(res: ServerResponse, status: number, code: number | undefined, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ code: code ?? null, message, more_info: code ? `https://www.twilio.com/docs/errors/${code}` : null, status }));
}
