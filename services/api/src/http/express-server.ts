import { createServer, IncomingMessage, ServerResponse, type Server, type ServerOptions } from 'node:http';
import type { Express } from 'express';

/** How long a client may take to send a request: its headers, and the whole of it (ms). */
export interface RequestTimeouts {
  headersMs: number;
  requestMs: number;
}

/**
 * Node checks the timeouts every connectionsCheckingInterval (30 s by default), so a stalled
 * request could outlive its limit by that much: check at a quarter of the shorter limit, at most
 * every 250 ms and at least every 5 s.
 */
function timeoutOptions(timeouts: RequestTimeouts): ServerOptions {
  return {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    connectionsCheckingInterval: Math.min(5_000, Math.max(250, Math.floor(timeouts.headersMs / 4))),
  };
}

/**
 * Express gives every request and response its own prototype on arrival (Object.setPrototypeOf
 * in app.handle). V8 then gives each object a hidden class of its own, and every property read
 * on it, in node's http code and Express's alike, goes through a slow lookup: on Node 20 a route
 * answering JSON cost 250-300 us of CPU per request on its own server against 50-85 us here (Node
 * 24: 72-87 against 53-64; docs/benchmarks.md). Here node creates them as instances of classes
 * that already carry Express's methods, and the app's prototypes are those classes' prototypes,
 * so Express sets the prototype they already have, which changes nothing. What Express and the app see is the same; only when
 * the prototypes are not where this expects (another Express) does it leave them to Express.
 */
export function expressServer(app: Express, timeouts: RequestTimeouts): Server {
  const Request = withPrototypeOf(class extends IncomingMessage {}, app.request);
  const Response = withPrototypeOf(class extends ServerResponse {}, app.response);
  if (!Request || !Response) return createServer(timeoutOptions(timeouts), app);
  app.request = Request.prototype as Express['request'];
  app.response = Response.prototype as Express['response'];
  return createServer({ ...timeoutOptions(timeouts), IncomingMessage: Request, ServerResponse: Response }, app);
}

/**
 * cls with every property of the objects between `prototype` and cls's base prototype copied on,
 * nearest last so that it wins; undefined when `prototype` does not inherit from that base.
 */
function withPrototypeOf<C extends abstract new (...args: never[]) => object>(cls: C, prototype: object): C | undefined {
  const base: unknown = Object.getPrototypeOf(cls.prototype);
  const between: object[] = [];
  for (let p: object | null = prototype; p !== base; p = Object.getPrototypeOf(p) as object | null) {
    if (p === null) return undefined;
    between.unshift(p);
  }
  for (const p of between)
    for (const key of Reflect.ownKeys(p)) {
      if (key === 'constructor') continue;
      Object.defineProperty(cls.prototype, key, Object.getOwnPropertyDescriptor(p, key)!);
    }
  return cls;
}
