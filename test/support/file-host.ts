import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackHttp } from './loopback-http';

export type FileRoute = (req: IncomingMessage, res: ServerResponse, nth: number) => void;

/** An attachment host on loopback: each path answers as its route says, and every request is counted. */
export class FileHost {
  readonly requests: string[] = [];
  private readonly routes = new Map<string, FileRoute>();

  private constructor(private readonly http: LoopbackHttp) {}

  static async start(): Promise<FileHost> {
    const http = new LoopbackHttp((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      host.requests.push(path);
      const route = host.routes.get(path);
      const nth = host.requests.filter((p) => p === path).length;
      if (route) route(req, res, nth);
      else res.writeHead(404).end('no such file');
    });
    const host = new FileHost(http);
    await http.listen();
    return host;
  }

  get origin(): string {
    return this.http.origin;
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

  stop(): Promise<void> {
    return this.http.stop();
  }
}
