import { TargetRefusedError } from '@herald/net-guard';
import { classifyOutcome } from './delivery-outcome.classifier';
import { InvalidTargetError, type SendResult } from './webhook-sender.port';

const now = Date.parse('2026-11-22T10:00:00Z');
const response = (statusCode: number, retryAfter?: string): SendResult => ({
  kind: 'response',
  statusCode,
  retryAfter,
  bodyExcerpt: '',
  latencyMs: 3,
});
const failure = (error: unknown): SendResult => ({ kind: 'error', error, latencyMs: 3 });
const errno = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('classifyOutcome', () => {
  it.each([200, 201, 202, 204, 299])('when the receiver answers %i, then it is delivered', (status) => {
    expect(classifyOutcome(response(status), now)).toEqual({ kind: 'delivered' });
  });

  it.each([500, 502, 503, 504, 599, 408, 429])('when the receiver answers %i, then it is retryable', (status) => {
    expect(classifyOutcome(response(status), now)).toEqual({ kind: 'retryable', reason: `HTTP ${status}` });
  });

  it.each([100, 101, 301, 302, 304, 307, 308, 400, 401, 403, 404, 405, 409, 410, 413, 422])(
    'when the receiver answers %i, then it is permanent',
    (status) => {
      expect(classifyOutcome(response(status), now)).toEqual({ kind: 'permanent', reason: `HTTP ${status}` });
    },
  );

  it.each([408, 429, 503])('when a %i carries Retry-After, then it is the minimum delay', (status) => {
    expect(classifyOutcome(response(status, '7'), now)).toEqual({ kind: 'retryable', reason: `HTTP ${status}`, retryAfterMs: 7000 });
    expect(classifyOutcome(response(status, 'Sun, 22 Nov 2026 10:01:00 GMT'), now)).toMatchObject({ retryAfterMs: 60_000 });
  });

  it('when a 500 or 502 carries Retry-After, then it is ignored', () => {
    expect(classifyOutcome(response(500, '7'), now)).toEqual({ kind: 'retryable', reason: 'HTTP 500' });
    expect(classifyOutcome(response(502, '7'), now)).toEqual({ kind: 'retryable', reason: 'HTTP 502' });
  });

  it('when the target resolves to a blocked address, then it is permanent', () => {
    const err = new TargetRefusedError('host x resolves to a private or internal address', 'blocked');
    expect(classifyOutcome(failure(err), now)).toEqual({ kind: 'permanent', reason: err.message });
  });

  it('when the target does not resolve, then it is retryable (DNS blips pass)', () => {
    expect(classifyOutcome(failure(new TargetRefusedError('host x does not resolve', 'unresolvable')), now)).toEqual({
      kind: 'retryable',
      reason: 'host x does not resolve',
    });
  });

  it('when the recipient is not an http(s) URL, then it is permanent', () => {
    expect(classifyOutcome(failure(new InvalidTargetError('bad url')), now)).toEqual({ kind: 'permanent', reason: 'bad url' });
  });

  it('when the request times out, then it is retryable', () => {
    expect(classifyOutcome(failure(new DOMException('aborted', 'TimeoutError')), now)).toEqual({
      kind: 'retryable',
      reason: 'request timed out',
    });
  });

  it('when the network fails, then it is retryable with the error code', () => {
    expect(classifyOutcome(failure(errno('ECONNREFUSED', 'connect ECONNREFUSED 1.2.3.4:80')), now)).toEqual({
      kind: 'retryable',
      reason: 'ECONNREFUSED: connect ECONNREFUSED 1.2.3.4:80',
    });
    expect(classifyOutcome(failure('socket hang up'), now)).toEqual({ kind: 'retryable', reason: 'socket hang up' });
  });
});
