import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { chain } from './chain';

const req = {} as Request;
const res = {} as Response;

/** Runs the chain and resolves with what it finally passed to the router's next. */
function run(handlers: RequestHandler[]): Promise<unknown[]> {
  return new Promise((resolve) => {
    chain(handlers)(req, res, ((...args: unknown[]) => resolve(args)) as NextFunction);
  });
}

describe('chain', () => {
  it('runs the handlers in order, then hands on to the next layer', async () => {
    const seen: number[] = [];
    const step =
      (n: number): RequestHandler =>
      (_req, _res, next) => {
        seen.push(n);
        next();
      };
    const asyncStep: RequestHandler = async (_req, _res, next) => {
      await Promise.resolve();
      seen.push(3);
      next();
    };
    expect(await run([step(1), step(2), asyncStep, step(4)])).toEqual([]);
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it('passes an error on and skips the handlers left: next(err), a throw, a rejected promise', async () => {
    const never = jest.fn<void, Parameters<RequestHandler>>();
    const failure = new Error('refused');
    const ways: RequestHandler[] = [
      (_req, _res, next) => next(failure),
      () => {
        throw failure;
      },
      async () => {
        await Promise.resolve();
        throw failure;
      },
    ];
    for (const way of ways) expect(await run([(_q, _s, next) => next(), way, never])).toEqual([failure]);
    expect(never).not.toHaveBeenCalled();
    expect(((await run([() => Promise.reject(undefined)])) as Error[])[0].message).toBe('Rejected promise');
  });

  it("treats next('route') as next(), as the router does between middleware, and hands next('router') on", async () => {
    const last = jest.fn<void, Parameters<RequestHandler>>((_req, _res, next) => next());
    expect(await run([(_q, _s, next) => next('route'), last])).toEqual([]);
    expect(last).toHaveBeenCalledTimes(1);
    expect(await run([(_q, _s, next) => next('router'), last])).toEqual(['router']);
    expect(last).toHaveBeenCalledTimes(1);
  });

  it('refuses an error handler, which the router would only call for errors', () => {
    const errorHandler = ((_err: unknown, _req: Request, _res: Response, next: NextFunction) => next()) as unknown as RequestHandler;
    expect(() => chain([errorHandler])).toThrow(TypeError);
  });
});
