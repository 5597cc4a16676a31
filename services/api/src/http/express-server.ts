import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { Express } from 'express';

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
export function expressServer(app: Express): Server {
  const Request = withPrototypeOf(class extends IncomingMessage {}, app.request);
  const Response = withPrototypeOf(class extends ServerResponse {}, app.response);
  if (!Request || !Response) return createServer(app);
  app.request = Request.prototype as Express['request'];
  app.response = Response.prototype as Express['response'];
  return createServer({ IncomingMessage: Request, ServerResponse: Response }, app);
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
