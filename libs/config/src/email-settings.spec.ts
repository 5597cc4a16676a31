import { generateKeyPairSync } from 'node:crypto';
import { loadConfig } from './config';
import { ConfigError } from './config-error';
import { dkimSettings, smtpEhloName } from './email-settings';

const key = Buffer.alloc(32, 1).toString('base64');
const config = (env: Record<string, string>) => loadConfig({ HERALD_SECRETS_KEY: key, EMAIL_FROM: 'news@mail.acme.test', ...env });
const pem = (bits: number) =>
  generateKeyPairSync('rsa', { modulusLength: bits }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
const RSA = pem(2048);
const DKIM = { DKIM_DOMAIN: 'acme.test', DKIM_SELECTOR: 's2026', DKIM_PRIVATE_KEY: RSA };

/** Runs dkimSettings and returns its refusal, checked to be one line that never shows the key. */
function refusal(env: Record<string, string>, readFile?: (path: string) => string): string {
  try {
    dkimSettings(config(env), readFile);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    const message = (err as Error).message;
    expect(message).not.toContain('\n');
    expect(message).not.toMatch(/MII[A-Za-z0-9+/]{8}/);
    return message;
  }
  throw new Error('dkimSettings accepted it');
}

describe('SMTP EHLO name', () => {
  it('when SMTP_EHLO_NAME is unset, then EMAIL_FROM domain is the name; when set, it is used as given', () => {
    expect(smtpEhloName(config({}))).toBe('mail.acme.test');
    expect(smtpEhloName(config({ SMTP_EHLO_NAME: 'mx-out-1.acme.test' }))).toBe('mx-out-1.acme.test');
  });

  it.each(['[127.0.0.1]', 'bad name', 'a..b', '-lead.acme.test', 'x\r\nMAIL FROM:<a@b>'])(
    'when SMTP_EHLO_NAME=%j, then start fails with one line naming it',
    (name) => {
      expect(() => config({ SMTP_EHLO_NAME: name })).toThrow(/^SMTP_EHLO_NAME=.* is invalid: expected a hostname/);
    },
  );
});

describe('DKIM settings', () => {
  it('when no DKIM variable is set, then mail is sent unsigned', () => {
    expect(dkimSettings(config({}))).toBeUndefined();
  });

  it('when domain, selector and an inline RSA key are set, then they are the signer settings', () => {
    expect(dkimSettings(config(DKIM))).toEqual({ domainName: 'acme.test', keySelector: 's2026', privateKey: RSA });
  });

  it('when the key comes from DKIM_PRIVATE_KEY_FILE, then the file is read', () => {
    const env = { DKIM_DOMAIN: 'mail.acme.test', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY_FILE: '/run/secrets/dkim.pem' };
    expect(dkimSettings(config(env), (path) => (path === '/run/secrets/dkim.pem' ? RSA : ''))?.privateKey).toBe(RSA);
  });

  it.each([
    [{ DKIM_DOMAIN: 'acme.test' }, /^DKIM_SELECTOR is required when any DKIM setting is given/],
    [{ DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: RSA }, /^DKIM_DOMAIN is required/],
    [{ DKIM_DOMAIN: 'acme.test', DKIM_SELECTOR: 's1' }, /^DKIM_PRIVATE_KEY is required/],
    [{ ...DKIM, DKIM_PRIVATE_KEY_FILE: '/k.pem' }, /^DKIM_PRIVATE_KEY and DKIM_PRIVATE_KEY_FILE are both set/],
  ])('when only part of DKIM is configured (%#), then start fails naming what is missing', (env, message) => {
    expect(refusal(env)).toMatch(message);
  });

  it.each(['other.test', 'evil-acme.test', 'test', 'sub.mail.acme.test'])(
    'when DKIM_DOMAIN=%s is not EMAIL_FROM domain or a parent of it, then start fails naming DKIM_DOMAIN',
    (domain) => {
      expect(refusal({ ...DKIM, DKIM_DOMAIN: domain })).toMatch(
        /^DKIM_DOMAIN=".*" is not aligned with EMAIL_FROM's domain mail\.acme\.test/,
      );
    },
  );

  it('when DKIM_DOMAIN is EMAIL_FROM domain itself, then it is aligned', () => {
    expect(dkimSettings(config({ ...DKIM, DKIM_DOMAIN: 'Mail.Acme.Test' }))?.domainName).toBe('mail.acme.test');
  });

  it('when the inline key is not a PEM key, then start fails naming DKIM_PRIVATE_KEY without echoing it', () => {
    const broken = RSA.replace(/[A-Za-z]{8}/, 'AAAAAAAA');
    const message = refusal({ ...DKIM, DKIM_PRIVATE_KEY: broken });
    expect(message).toMatch(/^DKIM_PRIVATE_KEY is not a PEM private key/);
    expect(message).not.toContain(broken.split('\n')[1]);
  });

  it('when the key is not RSA or is shorter than 1024 bits, then start fails saying so', () => {
    const ed = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(refusal({ ...DKIM, DKIM_PRIVATE_KEY: ed })).toBe('DKIM_PRIVATE_KEY is not an RSA key (ed25519): nodemailer signs rsa-sha256');
    expect(refusal({ ...DKIM, DKIM_PRIVATE_KEY: pem(512) })).toMatch(/^DKIM_PRIVATE_KEY is a 512-bit RSA key; at least 1024 bits/);
  });

  it('when DKIM_PRIVATE_KEY_FILE cannot be read, then start fails naming the variable and the path', () => {
    const env = { DKIM_DOMAIN: 'acme.test', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY_FILE: '/nowhere/dkim.pem' };
    expect(refusal(env)).toBe('DKIM_PRIVATE_KEY_FILE (/nowhere/dkim.pem) cannot be read: ENOENT');
  });

  it('when DKIM is configured with EMAIL_PROVIDER=ses, then start fails: SES signs for itself', () => {
    const ses = { EMAIL_PROVIDER: 'ses', SNS_TOPIC_ARNS: 'arn:aws:sns:eu-west-1:123456789012:f' };
    expect(refusal({ ...DKIM, ...ses })).toMatch(/apply to EMAIL_PROVIDER=smtp only: SES signs with its own DKIM$/);
  });
});
