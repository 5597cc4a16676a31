import { execFileSync } from 'node:child_process';
import { createSign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { snsStringToSign, type SnsMessage } from './sns-message';
import { SNS_MAX_AGE_MS, SnsSignatureVerifier, isUnder } from './sns-signature.verifier';

const CERT_URL = 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-abc.pem';
let key: string;
let cert: string;

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'sns-spec-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=sns', '-keyout', join(dir, 'k'), '-out', join(dir, 'c')],
    {
      stdio: 'ignore',
    },
  );
  key = readFileSync(join(dir, 'k'), 'utf8');
  cert = readFileSync(join(dir, 'c'), 'utf8');
  rmSync(dir, { recursive: true, force: true });
});

function signed(version: '1' | '2', overrides: Partial<SnsMessage> = {}): SnsMessage {
  const m = {
    Type: 'Notification',
    MessageId: 'm-1',
    TopicArn: 'arn:aws:sns:eu-west-1:1:t',
    Message: '{"notificationType":"Bounce"}',
    Timestamp: new Date().toISOString(),
    SignatureVersion: version,
    SigningCertURL: CERT_URL,
    Signature: '',
    ...overrides,
  } as SnsMessage;
  const signer = createSign(version === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
  signer.update(snsStringToSign(m));
  return { ...m, Signature: signer.sign(key, 'base64') };
}

describe('SnsSignatureVerifier', () => {
  const fetched: string[] = [];
  const verifier = () =>
    new SnsSignatureVerifier(async (url) => {
      fetched.push(url);
      return cert;
    });

  it.each(['1', '2'] as const)('when SignatureVersion %s signs the message, then it verifies', async (version) => {
    expect(await verifier().verify(signed(version))).toEqual({ valid: true });
  });

  it('when a signed field is changed, then it does not verify', async () => {
    expect(await verifier().verify({ ...signed('1'), Message: '{"notificationType":"Complaint"}' })).toEqual({
      valid: false,
      reason: 'signature does not verify',
    });
  });

  it('when the same certificate URL comes again, then the certificate is fetched once', async () => {
    fetched.length = 0;
    const v = verifier();
    await v.verify(signed('1'));
    await v.verify(signed('2'));
    expect(fetched).toEqual([CERT_URL]);
  });

  it.each([
    'http://sns.eu-west-1.amazonaws.com/SimpleNotificationService-abc.pem',
    'https://sns.eu-west-1.amazonaws.com.evil.example/SimpleNotificationService-abc.pem',
    'https://evil.example/sns.eu-west-1.amazonaws.com/x.pem',
    'https://sns.eu-west-1.amazonaws.com:8443/SimpleNotificationService-abc.pem',
    'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-abc.txt',
    'https://user:pw@sns.eu-west-1.amazonaws.com/SimpleNotificationService-abc.pem',
    'not a url',
  ])('when the certificate URL is %s, then it is refused without a fetch', async (url) => {
    fetched.length = 0;
    expect(await verifier().verify({ ...signed('1'), SigningCertURL: url })).toEqual({
      valid: false,
      reason: 'SigningCertURL is not an SNS certificate URL',
    });
    expect(fetched).toEqual([]);
  });

  it('when an extra prefix is trusted (tests), then certificates under it are fetched', async () => {
    const v = new SnsSignatureVerifier(async () => cert, 'http://127.0.0.1:9999/');
    expect(await v.verify(signed('1', { SigningCertURL: 'http://127.0.0.1:9999/cert.pem' }))).toEqual({ valid: true });
  });

  it('when the SignatureVersion is unknown, then it is refused', async () => {
    expect(await verifier().verify({ ...signed('1'), SignatureVersion: '3' })).toMatchObject({ valid: false });
  });

  it('when the certificate has expired, then nothing signed with it verifies', async () => {
    const inThreeDays = new Date(Date.now() + 3 * 24 * 3600_000);
    const later = new SnsSignatureVerifier(
      async () => cert,
      undefined,
      () => inThreeDays,
    );
    expect(await later.verify(signed('1', { Timestamp: inThreeDays.toISOString() }))).toEqual({
      valid: false,
      reason: 'SigningCertURL does not hold a valid certificate',
    });
  });

  it('when the URL serves something that is not a certificate, then it is refused', async () => {
    const v = new SnsSignatureVerifier(async () => '<html>hello</html>');
    expect(await v.verify(signed('1'))).toEqual({ valid: false, reason: 'SigningCertURL does not hold a valid certificate' });
  });

  it.each([
    ['an hour and a second old', -SNS_MAX_AGE_MS - 1000, 'Timestamp is more than an hour old'],
    ['ten minutes in the future', 10 * 60_000, 'Timestamp is in the future'],
  ])('when the Timestamp is %s, then it is refused before the certificate is fetched', async (_when, offsetMs, reason) => {
    fetched.length = 0;
    const m = signed('1', { Timestamp: new Date(Date.now() + offsetMs).toISOString() });
    expect(await verifier().verify(m)).toEqual({ valid: false, reason });
    expect(fetched).toEqual([]);
  });

  it('when the Timestamp is 59 minutes old or a minute ahead (clock skew), then it verifies', async () => {
    for (const offsetMs of [-59 * 60_000, 60_000]) {
      expect(await verifier().verify(signed('2', { Timestamp: new Date(Date.now() + offsetMs).toISOString() }))).toEqual({ valid: true });
    }
  });

  it.each(['yesterday', '1700000000000', ''])('when the Timestamp is %j, then it is refused as not a time', async (Timestamp) => {
    expect(await verifier().verify(signed('1', { Timestamp }))).toEqual({ valid: false, reason: 'Timestamp is not an ISO 8601 time' });
  });
});

describe('trusted certificate base URL', () => {
  const v = new SnsSignatureVerifier(async () => cert, 'http://127.0.0.1:18093');

  it.each([
    'http://127.0.0.1:18093@evil.example/c.pem',
    'http://127.0.0.1:180930/c.pem',
    'http://127.0.0.1:1809/c.pem',
    'https://127.0.0.1:18093/c.pem',
    'http://127.0.0.1.evil.example:18093/c.pem',
    'http://x@127.0.0.1:18093/c.pem',
  ])('when a URL only string-starts like the trusted base (%s), then it is not trusted', (url) => {
    expect(v.isSnsUrl(url)).toBe(false);
  });

  it('when the trusted base has a path, then only URLs below it by whole segments are trusted', () => {
    const base = new URL('http://127.0.0.1:18093/certs');
    expect(isUnder(new URL('http://127.0.0.1:18093/certs/c.pem'), base)).toBe(true);
    expect(isUnder(new URL('http://127.0.0.1:18093/certs-evil/c.pem'), base)).toBe(false);
    expect(isUnder(new URL('http://127.0.0.1:18093/certs/../other/c.pem'), base)).toBe(false);
    expect(isUnder(new URL('http://127.0.0.1:18093/certs/%2e%2e/other/c.pem'), base)).toBe(false);
  });

  it('when a SubscribeURL is on the trusted origin or an SNS host, then it may be fetched', () => {
    expect(v.isSnsUrl('http://127.0.0.1:18093/confirm?Token=1')).toBe(true);
    expect(v.isSnsUrl('https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&Token=1')).toBe(true);
    expect(v.isSnsUrl('https://sns.us-east-1.amazonaws.com@evil.example/?Action=ConfirmSubscription')).toBe(false);
  });
});
