import { AppError } from '@herald/errors';
import type { IncomingMessage } from 'node:http';

export function bodyTooLarge(limit: number): AppError {
  return new AppError('payload_too_large', `request body is larger than this operation's limit of ${limit} bytes`);
}

/**
 * Reads a request body into memory and refuses it the moment it passes `limit` bytes: reading
 * stops there (the rest stays unread and the connection is closed after the answer), so a large
 * or endless body costs at most `limit` bytes of memory.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onFailure);
      req.off('close', onFailure);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        stop();
        req.pause();
        reject(bodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, received));
    };
    const onFailure = () => {
      stop();
      reject(Object.assign(new Error('the request body ended before it was complete'), { status: 400 }));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onFailure);
    req.on('close', onFailure);
  });
}
