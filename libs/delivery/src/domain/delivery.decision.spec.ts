import { decideNextStep, retryCountAfter } from './delivery.decision';
import type { DeliveryOutcome } from './delivery-provider.port';

const policy = { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 8000 };
const half = () => 0.5;
const providerResponse = { message_id: 'm-1' };
const retryable = (error: string, retryAfterMs?: number): DeliveryOutcome => ({ kind: 'retryable', providerResponse, error, retryAfterMs });

describe('decideNextStep', () => {
  it('when delivered, then delivered, whatever the attempt', () => {
    expect(decideNextStep({ kind: 'delivered', providerResponse }, 3, 3, policy)).toEqual({ kind: 'delivered' });
  });

  it('when permanent, then dead-lettered as permanent_failure on the first attempt', () => {
    expect(decideNextStep({ kind: 'permanent', providerResponse, error: 'HTTP 400' }, 1, 3, policy)).toEqual({
      kind: 'dead-letter',
      errorType: 'permanent_failure',
      reason: 'HTTP 400',
    });
  });

  it('when retryable with attempts left, then retried with jittered exponential backoff', () => {
    expect(decideNextStep(retryable('HTTP 503'), 1, 3, policy, half)).toEqual({ kind: 'retry', delayMs: 500, reason: 'HTTP 503' });
    expect(decideNextStep(retryable('HTTP 503'), 2, 3, policy, half)).toMatchObject({ delayMs: 1000 });
  });

  it('when retryable with a Retry-After, then the delay is at least that', () => {
    expect(decideNextStep(retryable('HTTP 429', 5000), 1, 3, policy, half)).toMatchObject({ delayMs: 5000 });
  });

  it('when the last attempt fails, then dead-lettered as retries_exhausted', () => {
    expect(decideNextStep(retryable('HTTP 500'), 3, 3, policy)).toEqual({
      kind: 'dead-letter',
      errorType: 'retries_exhausted',
      reason: 'gave up after 3 attempts: HTTP 500',
    });
  });

  it('when the message budget allows one attempt only, then the first retryable failure is final', () => {
    expect(decideNextStep(retryable('HTTP 500'), 1, 1, policy)).toMatchObject({ errorType: 'retries_exhausted' });
  });
});

describe('retryCountAfter', () => {
  it('when a retry is scheduled, then it counts; otherwise the finished attempts beyond the first', () => {
    expect(retryCountAfter({ kind: 'retry', delayMs: 1, reason: '' }, 2)).toBe(2);
    expect(retryCountAfter({ kind: 'delivered' }, 3)).toBe(2);
    expect(retryCountAfter({ kind: 'dead-letter', errorType: 'retries_exhausted', reason: '' }, 3)).toBe(2);
  });
});
