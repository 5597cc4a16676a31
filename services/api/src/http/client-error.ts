import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Requests Node refuses before Express sees them (a request line or headers past 16 KiB, a
 * malformed request) get Node's bare answer with no body. Callers get the same `{detail}` JSON
 * as from every other error instead, and the connection ends.
 */
export function answerClientErrorsAsJson(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || (err as { bytesParsed?: number }).bytesParsed === undefined) {
      socket.destroy();
      return;
    }
    const [status, reason, detail] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'request line and headers are larger than 16 KiB']
        : [400, 'Bad Request', 'malformed HTTP request'];
    const body = JSON.stringify({ detail });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
