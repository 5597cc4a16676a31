import { classifyTwilioError } from './twilio-outcome.classifier';

/** Shaped like the twilio SDK's RestException. */
const rest = (status: number, code: number | undefined, message = 'nope') => Object.assign(new Error(message), { status, code });

describe('classifyTwilioError', () => {
  it.each([
    [21211, "The 'To' number +1555 is not a valid phone number."],
    [21214, "'To' phone number cannot be reached"],
    [21217, 'Phone number does not appear to be valid'],
    [21408, 'Permission to send an SMS has not been enabled for the region'],
    [21612, 'The To phone number is not currently reachable via SMS'],
    [21614, "'To' number is not a valid mobile number"],
  ])('when Twilio answers %i, then the recipient is undeliverable and it fails permanently', (code, message) => {
    expect(classifyTwilioError(rest(400, code, message))).toEqual({ kind: 'permanent', error: `Twilio ${code} (HTTP 400): ${message}` });
  });

  it('when the recipient opted out (21610), then it fails permanently and the number is suppressed (manual)', () => {
    expect(classifyTwilioError(rest(400, 21610, 'Attempt to send to unsubscribed recipient'))).toEqual({
      kind: 'permanent',
      error: 'Twilio 21610 (HTTP 400): Attempt to send to unsubscribed recipient',
      suppress: 'manual',
    });
  });

  it.each([
    [400, 21602],
    [401, 20003],
    [403, 20008],
    [404, 20404],
  ])('when Twilio answers another 4xx (HTTP %i, code %i), then it fails permanently without a suppression', (status, code) => {
    expect(classifyTwilioError(rest(status, code))).toEqual({ kind: 'permanent', error: `Twilio ${code} (HTTP ${status}): nope` });
  });

  it('when Twilio answers 429, then it is retried', () => {
    expect(classifyTwilioError(rest(429, 20429, 'Too Many Requests'))).toEqual({
      kind: 'retryable',
      error: 'Twilio 20429 (HTTP 429): Too Many Requests',
    });
  });

  it.each([500, 502, 503, 504])('when Twilio answers %i, then it is retried', (status) => {
    expect(classifyTwilioError(rest(status, undefined, 'Service unavailable'))).toEqual({
      kind: 'retryable',
      error: `Twilio error (HTTP ${status}): Service unavailable`,
    });
  });

  it('when Twilio cannot be reached, then it is retried with the network error', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    expect(classifyTwilioError(refused)).toEqual({
      kind: 'retryable',
      error: 'Twilio unreachable: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9',
    });
  });
});
