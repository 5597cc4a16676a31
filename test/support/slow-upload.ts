import { connect } from 'node:net';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface SlowUploadAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** Body bytes the client had written when the answer arrived. */
  bytesWritten: number;
}

export interface SlowUpload {
  port: number;
  path: string;
  headers: Record<string, string>;
  /** Declared as Content-Length; leave out to send the body chunked. */
  contentLength?: number;
  chunkBytes?: number;
  /** The client never writes more than this and never ends the body: only an early answer ends the call. */
  maxBytes: number;
  /** Pause between chunks; 0 writes as fast as the socket takes them. */
  paceMs?: number;
}

/**
 * A client that writes its body one chunk at a time and only while no answer has come, never
 * finishing it: the call returns only if the server answers before the body is complete, which is
 * the behaviour under test. (A server that waits for the whole body leaves the test to time out.)
 */
export function slowUpload(u: SlowUpload): Promise<SlowUploadAnswer> {
  const chunk = Buffer.alloc(u.chunkBytes ?? 64 * 1024, 0x20);
  let bytesWritten = 0;
  let answered = false;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...u.headers };
    if (u.contentLength !== undefined) headers['content-length'] = String(u.contentLength);
    const req = httpRequest({ host: '127.0.0.1', port: u.port, path: u.path, method: 'POST', headers });
    // The server closes the connection after answering early: writes after that may fail.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    req.on('response', (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined, bytesWritten });
        req.destroy();
      });
    });
    const writeNext = () => {
      if (answered || bytesWritten + chunk.length > u.maxBytes) return;
      bytesWritten += chunk.length;
      req.write(chunk, () => setTimeout(writeNext, u.paceMs ?? 5));
    };
    writeNext();
  });
}

/**
 * A client that writes its whole request (headers and `bodyBytes` of body, as Content-Length)
 * before it reads a byte of the answer, as many simple clients do (Python's requests, a shell
 * script piping into a socket). Its answer waits in the kernel's receive buffer meanwhile; a
 * server that resets the connection over unread body bytes destroys that answer, and this
 * client then sees ECONNRESET or EPIPE instead of it.
 */
export function writeAllThenRead(u: {
  port: number;
  path: string;
  headers: Record<string, string>;
  bodyBytes: number;
}): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: u.port });
    socket.pause();
    socket.on('error', reject);
    const head = [`POST ${u.path} HTTP/1.1`, 'Host: 127.0.0.1', `Content-Length: ${u.bodyBytes}`]
      .concat(Object.entries(u.headers).map(([k, v]) => `${k}: ${v}`))
      .join('\r\n');
    socket.write(`${head}\r\n\r\n`);
    socket.write(Buffer.alloc(u.bodyBytes, 0x20), () => {
      let text = '';
      socket.on('data', (part: Buffer) => {
        text += part.toString('utf8');
        const end = text.indexOf('\r\n\r\n');
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1] ?? -1);
        if (end < 0 || length < 0 || text.length < end + 4 + length) return;
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
        socket.destroy();
        resolve({ status, body: JSON.parse(text.slice(end + 4, end + 4 + length)) });
      });
      socket.resume();
    });
  });
}
