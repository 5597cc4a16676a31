import { classifySesError } from './ses-outcome.classifier';

/** Shaped like the AWS SDK v3's service exceptions. */
const sesError = (name: string, httpStatusCode?: number, fault: 'client' | 'server' = 'client') =>
  Object.assign(new Error(`${name} happened`), { name, $fault: fault, $metadata: httpStatusCode ? { httpStatusCode } : {} });

describe('classifySesError', () => {
  it.each([
    ['TooManyRequestsException', 429],
    ['LimitExceededException', 400],
    ['SendingPausedException', 400],
    ['ThrottlingException', 400],
  ])('when SES answers %s (HTTP %i), then it is throttling and retried', (name, status) => {
    expect(classifySesError(sesError(name, status))).toEqual({
      kind: 'retryable',
      error: `SES ${name} (HTTP ${status}): ${name} happened`,
    });
  });

  it.each([
    ['MessageRejected', 400],
    ['MailFromDomainNotVerifiedException', 400],
    ['AccountSuspendedException', 400],
    ['BadRequestException', 400],
    ['NotFoundException', 404],
  ])('when SES answers %s, then it is a rejection and fails permanently', (name, status) => {
    expect(classifySesError(sesError(name, status))).toEqual({
      kind: 'permanent',
      error: `SES ${name} (HTTP ${status}): ${name} happened`,
    });
  });

  it.each([500, 502, 503, 504])('when SES answers an unnamed HTTP %i, then it is retried', (status) => {
    expect(classifySesError(sesError('SESv2ServiceException', status, 'server'))).toMatchObject({ kind: 'retryable' });
  });

  it('when SES answers an unnamed 429, then it is retried', () => {
    expect(classifySesError(sesError('SomethingNew', 429))).toMatchObject({ kind: 'retryable' });
  });

  it.each([400, 403, 413])('when SES answers an unnamed HTTP %i, then it fails permanently', (status) => {
    expect(classifySesError(sesError('AccessDeniedException', status))).toMatchObject({ kind: 'permanent' });
  });

  it('when SES cannot be reached (no HTTP status), then it is retried', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4566'), { code: 'ECONNREFUSED' });
    expect(classifySesError(refused)).toEqual({ kind: 'retryable', error: 'SES ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:4566' });
  });
});
