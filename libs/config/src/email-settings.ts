import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Config } from './config';
import { ConfigError } from './config-error';

/** What nodemailer's DKIM signer takes. */
export interface DkimSettings {
  domainName: string;
  keySelector: string;
  /** PEM, as given or read from DKIM_PRIVATE_KEY_FILE. */
  privateKey: string;
}

/** RFC 8301: signers use keys of at least 1024 bits (2048 recommended); smaller ones receivers treat as unsigned. */
const MIN_RSA_BITS = 1024;

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/** The name the SMTP client gives in EHLO: SMTP_EHLO_NAME, else EMAIL_FROM's domain (not the pod's `[127.0.0.1]`). */
export function smtpEhloName(config: Pick<Config, 'SMTP_EHLO_NAME' | 'EMAIL_FROM'>): string {
  return config.SMTP_EHLO_NAME ?? domainOf(config.EMAIL_FROM);
}

type DkimEnv = Pick<
  Config,
  'EMAIL_PROVIDER' | 'EMAIL_FROM' | 'DKIM_DOMAIN' | 'DKIM_SELECTOR' | 'DKIM_PRIVATE_KEY' | 'DKIM_PRIVATE_KEY_FILE'
>;

/**
 * The SMTP path's DKIM signing key, or undefined when DKIM is not configured. All or none: a
 * half-configured signer would send unsigned mail while the operator believes it signs. Every
 * refusal is one line naming the variable; the key itself is never part of a message.
 */
export function dkimSettings(
  config: DkimEnv,
  readFile: (path: string) => string = (p) => readFileSync(p, 'utf8'),
): DkimSettings | undefined {
  const { DKIM_DOMAIN: domain, DKIM_SELECTOR: selector, DKIM_PRIVATE_KEY: inline, DKIM_PRIVATE_KEY_FILE: file } = config;
  if (!domain && !selector && !inline && !file) return undefined;
  if (inline && file) throw new ConfigError('DKIM_PRIVATE_KEY and DKIM_PRIVATE_KEY_FILE are both set: give the key one way');
  if (config.EMAIL_PROVIDER !== 'smtp') {
    throw new ConfigError('DKIM_DOMAIN, DKIM_SELECTOR and the DKIM key apply to EMAIL_PROVIDER=smtp only: SES signs with its own DKIM');
  }
  const missing = !domain ? 'DKIM_DOMAIN' : !selector ? 'DKIM_SELECTOR' : !inline && !file ? 'DKIM_PRIVATE_KEY' : undefined;
  if (missing) {
    throw new ConfigError(`${missing} is required when any DKIM setting is given (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY or _FILE)`);
  }
  checkAlignment(domain!.toLowerCase(), domainOf(config.EMAIL_FROM));
  const privateKey = inline ?? readKeyFile(file!, readFile);
  checkKey(privateKey, inline ? 'DKIM_PRIVATE_KEY' : `DKIM_PRIVATE_KEY_FILE (${file})`);
  return { domainName: domain!.toLowerCase(), keySelector: selector!.toLowerCase(), privateKey };
}

/**
 * DMARC's relaxed alignment, without the public suffix list: the signing domain is the From
 * domain or a parent of it, and never a bare top-level name. Anything else signs for a domain
 * the receiver does not check against From, which DMARC then fails.
 */
function checkAlignment(dkimDomain: string, fromDomain: string): void {
  const aligned = dkimDomain.includes('.') && (fromDomain === dkimDomain || fromDomain.endsWith(`.${dkimDomain}`));
  if (!aligned) {
    throw new ConfigError(
      `DKIM_DOMAIN=${JSON.stringify(dkimDomain)} is not aligned with EMAIL_FROM's domain ${fromDomain}: use ${fromDomain} or a parent domain of it`,
    );
  }
}

function readKeyFile(path: string, readFile: (path: string) => string): string {
  try {
    return readFile(path);
  } catch (err) {
    throw new ConfigError(`DKIM_PRIVATE_KEY_FILE (${path}) cannot be read: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
}

/** nodemailer signs rsa-sha256 only; a key it cannot use would fail every send instead of the start. */
function checkKey(pem: string, origin: string): void {
  let key;
  try {
    key = createPrivateKey(pem);
  } catch {
    // OpenSSL's reason is dropped on purpose: it can quote the input, and the input is the key.
    throw new ConfigError(`${origin} is not a PEM private key (-----BEGIN PRIVATE KEY----- or -----BEGIN RSA PRIVATE KEY-----)`);
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new ConfigError(`${origin} is not an RSA key (${key.asymmetricKeyType ?? 'unknown type'}): nodemailer signs rsa-sha256`);
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_RSA_BITS) throw new ConfigError(`${origin} is a ${bits}-bit RSA key; at least ${MIN_RSA_BITS} bits (2048 recommended)`);
}
