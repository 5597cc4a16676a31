import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FileRoute = (req: IncomingMessage, res: ServerResponse, nth: number) => void;

/** An attachment host on loopback: each path answers as its route says, and every request is counted. */
export class FileHost {
  readonly requests: string[] = [];
  private readonly routes = new Map<string, FileRoute>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FileHost> {
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      host.requests.push(path);
      const route = host.routes.get(path);
      const nth = host.requests.filter((p) => p === path).length;
      if (route) route(req, res, nth);
      else res.writeHead(404).end('no such file');
    });
    const host = new FileHost(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return host;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Serves `content` at `path` and returns its URL. */
  file(path: string, content: Buffer, contentType = 'application/octet-stream'): string {
    return this.route(path, (_req, res) =>
      res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': content.length }).end(content),
    );
  }

  route(path: string, route: FileRoute): string {
    this.routes.set(path, route);
    return `${this.origin}${path}`;
  }

  hits(path: string): number {
    return this.requests.filter((p) => p === path).length;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}
