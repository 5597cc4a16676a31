import { request as httpRequest } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface FromAddress {
  /** The loopback address the request leaves from (127.0.0.0/8 all reach the api): the client IP the api sees. */
  from: string;
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** A request to the api from a given loopback address, so that one test can play several clients. */
export function requestFrom(url: string, options: FromAddress): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string | number> = { ...options.headers };
  if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', localAddress: options.from, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        const json = (res.headers['content-type'] ?? '').includes('json');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: json && text ? JSON.parse(text) : text });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
