import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestTimeouts } from './express-server';

/**
 * A request whose answer has begun (refused early, its body still being discarded) must not get
 * a second one written over it: its connection is only closed.
 */
function answerStarted(socket: Socket): boolean {
  return (socket as Socket & { _httpMessage?: { headersSent: boolean } | null })._httpMessage?.headersSent === true;
}

function timeoutDetail(timeouts: RequestTimeouts): string {
  return `request not received in time: headers within ${timeouts.headersMs} ms, the whole request within ${timeouts.requestMs} ms`;
}

/**
 * Requests Node refuses before Express sees them (a request line or headers past 16 KiB, a
 * malformed request, one that does not arrive within its time limits) get Node's bare answer
 * with no body. Callers get the same `{detail}` JSON as from every other error instead, and the
 * connection ends.
 */
export function answerClientErrorsAsJson(server: Server, timeouts: RequestTimeouts): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    const timedOut = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    if (!socket.writable || (!timedOut && (err as { bytesParsed?: number }).bytesParsed === undefined) || answerStarted(socket)) {
      socket.destroy();
      return;
    }
    const [status, reason, detail] = timedOut
      ? [408, 'Request Timeout', timeoutDetail(timeouts)]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'request line and headers are larger than 16 KiB']
        : [400, 'Bad Request', 'malformed HTTP request'];
    const body = JSON.stringify({ detail });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
