import { request, type IncomingHttpHeaders, type IncomingMessage, type ClientRequest } from 'node:http';
import { connect, type Socket } from 'node:net';

/** One Server-Sent Events message as a browser's EventSource would dispatch it. */
export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

/**
 * A viewer of GET /deliveries/stream over Node's http client, parsing the stream as it comes
 * (comments included, so heartbeats can be seen).
 */
export class SseViewer {
  readonly messages: SseMessage[] = [];
  comments = 0;
  ended = false;
  private buffer = '';
  private constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
    readonly body: string,
    private readonly req: ClientRequest,
    res: IncomingMessage,
  ) {
    if (status !== 200) return;
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => this.feed(chunk));
    res.on('close', () => (this.ended = true));
  }

  /** Opens the stream; resolves once the status is known (a refusal's body is read whole). */
  static open(url: string, headers: Record<string, string>): Promise<SseViewer> {
    return new Promise((resolve, reject) => {
      // No agent: a pooled keep-alive socket would outlive the test.
      const req = request(url, { agent: false, headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
        if (res.statusCode === 200) {
          resolve(new SseViewer(200, res.headers, '', req, res));
          return;
        }
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve(new SseViewer(res.statusCode ?? 0, res.headers, body, req, res)));
      });
      req.on('error', reject);
      req.end();
    });
  }

  deliveries(): Array<Record<string, unknown> & { id: string }> {
    return this.messages.filter((m) => m.event === 'delivery').map((m) => ({ ...JSON.parse(m.data), id: m.id as string }));
  }

  /** The last `id:` received: what an EventSource would send as Last-Event-ID. */
  lastEventId(): string | undefined {
    return this.messages.filter((m) => m.id !== undefined).at(-1)?.id;
  }

  close(): void {
    this.req.destroy();
  }

  private feed(chunk: string): void {
    this.buffer += chunk;
    // One pass over the chunk: a viewer that re-sliced what is left after each message would fall
    // behind on the megabytes a flood sends in one read.
    let start = 0;
    let cut: number;
    while ((cut = this.buffer.indexOf('\n\n', start)) >= 0) {
      const block = this.buffer.slice(start, cut);
      start = cut + 2;
      const message: SseMessage = { event: 'message', data: '' };
      let isComment = true;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        isComment = false;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') message.id = value;
        else if (field === 'event') message.event = value;
        else if (field === 'data') message.data += message.data ? `\n${value}` : value;
      }
      if (isComment) this.comments += 1;
      else this.messages.push(message);
    }
    this.buffer = this.buffer.slice(start);
  }
}

/**
 * A viewer that sends its request and then never reads a byte: the server's writes pile up in
 * the sockets and then in its own buffer. Resolves `closed` when the server gives up on it.
 */
export function aViewerThatNeverReads(
  origin: string,
  path: string,
  headers: Record<string, string>,
): { socket: Socket; closed: Promise<void> } {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  const head = Object.entries({ Host: `${hostname}:${port}`, Accept: 'text/event-stream', ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.write(`GET ${path} HTTP/1.1\r\n${head}\r\n`);
  socket.pause();
  const closed = new Promise<void>((resolve) => {
    socket.on('close', () => resolve());
    socket.on('error', () => undefined);
  });
  return { socket, closed };
}
