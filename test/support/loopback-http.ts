import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP server on 127.0.0.1 and a free port, for the fake providers and hosts tests point
 * Herald at. Created first and listened on after, so the fake wrapping it exists before any
 * request can arrive; `stop()` drops kept-alive connections, so closing never waits on a client.
 */
export class LoopbackHttp {
  private readonly server: Server;

  constructor(handler: RequestListener) {
    this.server = createServer(handler);
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  /** `http://127.0.0.1:<port>`, no trailing slash. */
  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}

/** A handler that gets the whole request body first. */
export function withBody(handle: (req: IncomingMessage, body: Buffer, res: ServerResponse) => void): RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, Buffer.concat(chunks), res));
  };
}

/** What the fake providers share: every request they got, in arrival order, and a swappable answer. */
export class RecordingFake<R, Responder> {
  readonly requests: R[] = [];

  protected constructor(
    protected readonly http: LoopbackHttp,
    protected responder: Responder,
    /** Whether a request is for a recipient (or notification): what `for()` selects by. */
    private readonly isFor: (request: R, key: string) => boolean,
  ) {}

  /** Starts listening and returns the fake, which exists before any request can reach its handler. */
  protected async listening(): Promise<this> {
    await this.http.listen();
    return this;
  }

  respondWith(responder: Responder): void {
    this.responder = responder;
  }

  /** The requests for one recipient (or notification), in arrival order. */
  for(key: string): R[] {
    return this.requests.filter((r) => this.isFor(r, key));
  }

  stop(): Promise<void> {
    return this.http.stop();
  }
}
