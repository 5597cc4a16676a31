import { AppError, Busy } from '@herald/errors';
import type { IncomingMessage } from 'node:http';

export function bodyTooLarge(limit: number): AppError {
  return new AppError('payload_too_large', `request body is larger than this operation's limit of ${limit} bytes`);
}

export function bodyBudgetSpent(): Busy {
  return new Busy('the api is holding as many request bodies as it may at once, in all or for this caller; retry shortly', 1);
}

/**
 * Reads a request body into memory and refuses it the moment it passes `limit` bytes: reading
 * stops there (the rest stays unread and the connection is closed after the answer), so a large
 * or endless body costs at most `limit` bytes of memory. `take`, when given, is asked for each
 * chunk's bytes before the chunk is kept (a body of unknown length, see BodyBudget); a refusal
 * stops reading the same way.
 */
export function readBody(req: IncomingMessage, limit: number, take?: (bytes: number) => boolean): Promise<Buffer> {
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
      if (received > limit || (take && !take(chunk.length))) {
        stop();
        req.pause();
        reject(received > limit ? bodyTooLarge(limit) : bodyBudgetSpent());
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
