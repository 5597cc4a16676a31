import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy we can cut and restore, to put a real outage between a service and its broker or
 * database (toxiproxy is not available here). Cutting closes live connections and refuses new ones.
 */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private open = true;

  private constructor(private readonly server: Server) {}

  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    const server = createServer((client) => {
      if (!proxy.open) return client.destroy();
      const upstream = connect(targetPort, targetHost);
      for (const s of [client, upstream]) {
        proxy.sockets.add(s);
        s.on('close', () => proxy.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    const proxy = new TcpProxy(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  cut(): void {
    this.open = false;
    for (const s of this.sockets) s.destroy();
  }

  restore(): void {
    this.open = true;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise((r) => this.server.close(r));
  }
}
