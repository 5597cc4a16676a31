import { execFileSync } from 'node:child_process';
import { createSign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { snsStringToSign, type SnsMessage } from './sns-message';
import { SnsSignatureVerifier } from './sns-signature.verifier';

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
    const later = new SnsSignatureVerifier(
      async () => cert,
      undefined,
      () => new Date(Date.now() + 3 * 24 * 3600_000),
    );
    expect(await later.verify(signed('1'))).toEqual({ valid: false, reason: 'SigningCertURL does not hold a valid certificate' });
  });

  it('when the URL serves something that is not a certificate, then it is refused', async () => {
    const v = new SnsSignatureVerifier(async () => '<html>hello</html>');
    expect(await v.verify(signed('1'))).toEqual({ valid: false, reason: 'SigningCertURL does not hold a valid certificate' });
  });
});
