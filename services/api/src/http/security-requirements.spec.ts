import type { NextFunction, Request, Response } from 'express';
import { securityRequirements, type SchemeCheck } from './security-requirements.middleware';

const schemes = {
  ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
  MemberBearerAuth: { type: 'http', scheme: 'bearer' },
};

/** Holds when the test's caller carries every scope asked. */
const hasScopes =
  (granted: string[]): SchemeCheck =>
  (_req, scopes) =>
    scopes.every((s) => granted.includes(s)) ? undefined : { status: 403, message: `lacks ${scopes.join(', ')}` };

function run(security: Array<Record<string, unknown>> | undefined, headers: Record<string, string>, granted: string[]): unknown {
  const step = securityRequirements(
    { schemes, security: [{ ApiKeyAuth: [] }] },
    { ApiKeyAuth: hasScopes(granted), MemberBearerAuth: hasScopes(granted) },
  );
  const req = { headers, openapi: { schema: security === undefined ? {} : { security } } } as unknown as Request;
  let passed: unknown = 'not called';
  step(req, {} as Response, ((err?: unknown) => (passed = err)) as NextFunction);
  return passed;
}

const eventsWrite = [{ ApiKeyAuth: ['events:write'] }, { MemberBearerAuth: ['events:write'] }];

describe('securityRequirements', () => {
  it('lets a key with the scope through, on any of the alternatives', () => {
    expect(run(eventsWrite, { 'x-api-key': 'k' }, ['events:write'])).toBeUndefined();
    expect(run(eventsWrite, { authorization: 'Bearer t' }, ['events:write'])).toBeUndefined();
  });

  it("refuses a missing scope with 403, and no credential with the first alternative's 401", () => {
    expect(run(eventsWrite, { 'x-api-key': 'k' }, ['events:read'])).toEqual({ status: 403, message: 'lacks events:write' });
    expect(run(eventsWrite, {}, [])).toEqual({ status: 401, message: "'X-API-Key' header required" });
    expect(run([{ MemberBearerAuth: [] }], { authorization: 'Basic abc' }, [])).toEqual({
      status: 401,
      message: "Authorization header with scheme 'Bearer' required",
    });
  });

  it("falls back to the document's default requirement, and lets `{}` or `[]` through unauthenticated", () => {
    expect(run(undefined, {}, [])).toEqual({ status: 401, message: "'X-API-Key' header required" });
    expect(run([{}, { MemberBearerAuth: [] }], {}, [])).toBeUndefined();
    expect(run([], {}, [])).toBeUndefined();
  });
});
