import { TargetRefusedError } from '@herald/net-guard';
import { classifyDownloadFailure, InvalidAttachmentUrlError } from './attachment-failure.classifier';

const status = (statusCode: number) => classifyDownloadFailure({ kind: 'status', filename: 'report.pdf', statusCode });
const error = (e: unknown) => classifyDownloadFailure({ kind: 'error', filename: 'report.pdf', error: e });

describe('classifyDownloadFailure', () => {
  it.each([400, 401, 403, 404, 410, 429])('when the file host answers %i, then the notification fails permanently', (code) => {
    expect(status(code)).toEqual({ kind: 'permanent', error: `attachment "report.pdf": the file host answered HTTP ${code}` });
  });

  it.each([500, 502, 503, 504])('when the file host answers %i, then the attempt is retried', (code) => {
    expect(status(code)).toEqual({ kind: 'retryable', error: `attachment "report.pdf": the file host answered HTTP ${code}` });
  });

  it.each([301, 302, 303, 307, 308])('when the file host redirects (%i), then it is not followed and fails permanently', (code) => {
    expect(status(code)).toEqual({
      kind: 'permanent',
      error: `attachment "report.pdf": the file host answered HTTP ${code} (a redirect; redirects are not followed)`,
    });
  });

  it('when the files are larger than allowed, then the notification fails permanently', () => {
    expect(classifyDownloadFailure({ kind: 'too-large', filename: 'big.bin', limitBytes: 30 * 1024 * 1024 })).toEqual({
      kind: 'permanent',
      error: 'attachment "big.bin": attachments exceed 30 MB in all (the email would pass 40 MB encoded)',
    });
  });

  it('when the host resolves to a private address, then it fails permanently', () => {
    expect(error(new TargetRefusedError('host x resolves to a private or internal address', 'blocked'))).toMatchObject({
      kind: 'permanent',
    });
  });

  it('when the URL is not http(s), then it fails permanently', () => {
    expect(error(new InvalidAttachmentUrlError('url scheme ftp: is not http or https'))).toMatchObject({ kind: 'permanent' });
  });

  it('when the host does not resolve, times out or resets, then the attempt is retried', () => {
    expect(error(new TargetRefusedError('host x does not resolve', 'unresolvable'))).toMatchObject({ kind: 'retryable' });
    expect(error(new DOMException('aborted', 'TimeoutError'))).toEqual({
      kind: 'retryable',
      error: 'attachment "report.pdf": download timed out',
    });
    expect(error(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toEqual({
      kind: 'retryable',
      error: 'attachment "report.pdf": ECONNRESET: read ECONNRESET',
    });
  });
});
