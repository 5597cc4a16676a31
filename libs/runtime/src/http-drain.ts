import type { Server, ServerResponse } from 'node:http';

/**
 * Closes an HTTP server so that a busy keep-alive client cannot hold it open.
 *
 * `server.close()` alone stops accepting connections and closes the idle ones, but a client
 * that keeps a connection busy (request after request on a keep-alive agent) is answered
 * forever: nothing ever tells it to go away. Once draining, every response not yet written
 * carries `Connection: close` (Node then ends the socket after it), and a connection that
 * turns idle after its last response is closed at once instead of after keepAliveTimeout.
 */
export class HttpDrain {
  private draining = false;
  /** Responses still being produced: they get `Connection: close` if drain starts before their headers go out. */
  private readonly open = new Set<ServerResponse>();

  constructor(private readonly server: Server) {
    // Prepended so it runs before the application's own request listener (Express).
    server.prependListener('request', (_req, res: ServerResponse) => {
      if (this.draining) {
        res.setHeader('Connection', 'close');
        return;
      }
      this.open.add(res);
      res.once('close', () => this.open.delete(res));
    });
  }

  /** Resolves when every connection has closed; the caller's deadline bounds how long that may take. */
  close(): Promise<void> {
    this.draining = true;
    for (const res of this.open) {
      if (!res.headersSent) res.setHeader('Connection', 'close');
      // Headers already sent with keep-alive: close the socket as soon as it is idle again.
      res.once('close', () => setImmediate(() => this.server.closeIdleConnections()));
    }
    this.open.clear();
    return new Promise((resolve, reject) => {
      this.server.close((err) => (err && (err as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING' ? reject(err) : resolve()));
    });
  }
}
