import { request } from 'node:http';
import type { FuzzRequest } from './operation-request.arbitrary';
import type { Principal } from './plane-world';

export interface FuzzResponse {
  status: number;
  contentType: string;
  text: string;
}

/** A key that looks like a real one but belongs to no project. */
export const BAD_KEY = 'hk_live_0000000000000000000000000000000000000000';
/** A token that looks like an access token but was never issued. */
export const BAD_BEARER = 'Bearer hat_00000000000000000000000000000000000000000000';

/** What the caller holds: the project's key, and each principal's Authorization value where the world has them. */
export interface Held {
  key: string;
  bearer?: Record<Principal, string>;
}

/** The credential header of a request; an unknown credential is of the kind the operation takes. */
export function credentialHeaders(req: FuzzRequest, bearerOperation: boolean, held: Held): Record<string, string> {
  switch (req.credential) {
    case 'none':
      return {};
    case 'key':
      return { 'x-api-key': held.key };
    case 'bad':
      return bearerOperation ? { authorization: BAD_BEARER } : { 'x-api-key': BAD_KEY };
    default: {
      const value = held.bearer?.[req.credential];
      if (!value) throw new Error(`no ${req.credential} bearer in this world`);
      return { authorization: value };
    }
  }
}

/**
 * Sends the request as written (node:http, so GET and DELETE can carry a body and the body
 * bytes are exactly the generated text). A request that gets no answer within `timeoutMs`
 * is answered with status 0, which the checks report as a stall.
 */
export function send(baseUrl: string, credential: Record<string, string>, req: FuzzRequest, timeoutMs = 30_000): Promise<FuzzResponse> {
  const headers: Record<string, string> = { ...credential };
  if (req.body) {
    headers['content-type'] = req.body.contentType;
    headers['content-length'] = String(Buffer.byteLength(req.body.text));
  }
  return new Promise((resolve, reject) => {
    const outgoing = request(`${baseUrl}${req.url}`, { method: req.method.toUpperCase(), headers, timeout: timeoutMs }, (res) => {
      const contentType = String(res.headers['content-type'] ?? '');
      // An event stream stays open by design (GET /deliveries/stream): its status is the answer.
      if (contentType.startsWith('text/event-stream')) {
        outgoing.destroy();
        resolve({ status: res.statusCode ?? 0, contentType, text: '' });
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    outgoing.on('timeout', () => {
      outgoing.destroy();
      resolve({ status: 0, contentType: '', text: `no answer within ${timeoutMs} ms` });
    });
    // The server may answer (413, 401) and close before it has read a large body: that answer counts.
    outgoing.on('error', (err) => reject(err));
    outgoing.end(req.body?.text);
  });
}

/** The request as a curl command line, for reports and failure messages. */
export function reproducer(baseUrl: string, req: FuzzRequest, bearerOperation = false): string {
  const parts = [`curl -sS -X ${req.method.toUpperCase()} '${baseUrl}${req.url.replace(/'/g, "'\\''")}'`];
  if (req.credential === 'key') parts.push(`-H "X-API-Key: $KEY"`);
  else if (req.credential === 'bad') parts.push(bearerOperation ? `-H 'Authorization: ${BAD_BEARER}'` : `-H 'X-API-Key: ${BAD_KEY}'`);
  // The principal's own token: $OWNER_BEARER, $SYSTEM_BEARER...
  else if (req.credential !== 'none') parts.push(`-H "Authorization: $${req.credential.toUpperCase()}_BEARER"`);
  if (req.body) {
    parts.push(`-H 'Content-Type: ${req.body.contentType}'`);
    const text = req.body.text.length > 3000 ? `${req.body.text.slice(0, 3000)}...(${req.body.text.length} chars)` : req.body.text;
    parts.push(`--data-binary '${text.replace(/'/g, `'\\''`)}'`);
  }
  return parts.join(' ');
}
