import { X509Certificate, verify } from 'node:crypto';
import type { SnsMessage } from './sns-message';
import { snsStringToSign } from './sns-message';

/** Fetches a small text resource through the SSRF-guarded client; rejects on a non-2xx answer. */
export type WebFetch = (url: string) => Promise<string>;

/** SNS's own hosts: sns.<region>.amazonaws.com (and .com.cn in China). */
const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;
const ALGORITHMS: Record<string, string> = { '1': 'RSA-SHA1', '2': 'RSA-SHA256' };
/** Bounds memory; SNS rotates certificates rarely, so a handful of entries is the normal state. */
const MAX_CACHED = 50;
/**
 * A signed message stays valid forever, so anyone who saw one could replay it. SNS retries keep
 * the original (signed) Timestamp; its default HTTP(S) delivery policy retries for about a
 * minute, and a custom policy must finish within this hour (README, SNS_TOPIC_ARNS).
 */
export const SNS_MAX_AGE_MS = 3600_000;
/** Clock skew tolerated between SNS and this host. */
export const SNS_MAX_CLOCK_SKEW_MS = 5 * 60_000;

export type Verification = { valid: true } | { valid: false; reason: string };

function parseUrl(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

/**
 * Whether `url` lies under `base`: same origin (scheme, host, port), no credentials, and a path
 * at or below the base path by whole segments. Compared on parsed URLs, because a string prefix
 * `http://127.0.0.1:1809` also matches `http://127.0.0.1:18093@evil.example/c.pem`, whose host
 * is evil.example.
 */
export function isUnder(url: URL, base: URL): boolean {
  if (url.username || url.password || url.origin !== base.origin) return false;
  const dir = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  return url.pathname === base.pathname || url.pathname.startsWith(dir);
}

/**
 * Verifies SNS message signatures (SignatureVersion 1: SHA1withRSA, 2: SHA256withRSA) with the
 * certificate named by the message, fetched only from an https URL on an SNS host (or from under
 * the one extra base URL an operator trusts, for tests), and cached by URL. A message older than
 * an hour (or dated in the future) is refused before anything is fetched.
 */
export class SnsSignatureVerifier {
  private readonly certificates = new Map<string, X509Certificate>();
  private readonly trustedBase?: URL;

  constructor(
    private readonly fetchText: WebFetch,
    trustedPrefix?: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.trustedBase = trustedPrefix === undefined ? undefined : new URL(trustedPrefix);
  }

  /** Whether Herald may fetch this URL on SNS's word: the certificate URL, and a SubscribeURL. */
  isSnsUrl(raw: string): boolean {
    const url = parseUrl(raw);
    if (!url) return false;
    if (this.trustedBase && isUnder(url, this.trustedBase)) return true;
    const defaultPort = url.port === '' || url.port === '443';
    return url.protocol === 'https:' && SNS_HOST.test(url.hostname) && defaultPort && !url.username && !url.password;
  }

  /** Refuses replays of old messages; SNS's Timestamp is signed, so it cannot be refreshed by a replayer. */
  freshness(timestamp: string): Verification {
    const sent = /^\d{4}-\d{2}-\d{2}T/.test(timestamp) ? Date.parse(timestamp) : NaN;
    if (Number.isNaN(sent)) return { valid: false, reason: 'Timestamp is not an ISO 8601 time' };
    const age = this.now().getTime() - sent;
    if (age > SNS_MAX_AGE_MS) return { valid: false, reason: 'Timestamp is more than an hour old' };
    if (age < -SNS_MAX_CLOCK_SKEW_MS) return { valid: false, reason: 'Timestamp is in the future' };
    return { valid: true };
  }

  /** Throws only when the certificate cannot be fetched (SNS should retry later). */
  async verify(m: SnsMessage): Promise<Verification> {
    const algorithm = ALGORITHMS[m.SignatureVersion];
    if (!algorithm) return { valid: false, reason: `SignatureVersion ${m.SignatureVersion} is not supported` };
    const fresh = this.freshness(m.Timestamp);
    if (!fresh.valid) return fresh;
    if (!this.isSnsUrl(m.SigningCertURL) || !parseUrl(m.SigningCertURL)?.pathname.endsWith('.pem')) {
      return { valid: false, reason: 'SigningCertURL is not an SNS certificate URL' };
    }
    const certificate = await this.certificate(m.SigningCertURL);
    if (!certificate) return { valid: false, reason: 'SigningCertURL does not hold a valid certificate' };
    const signature = Buffer.from(m.Signature, 'base64');
    const ok = verify(algorithm, Buffer.from(snsStringToSign(m), 'utf8'), certificate.publicKey, signature);
    return ok ? { valid: true } : { valid: false, reason: 'signature does not verify' };
  }

  private async certificate(url: string): Promise<X509Certificate | undefined> {
    let cert = this.certificates.get(url);
    if (!cert) {
      const pem = await this.fetchText(url);
      try {
        cert = new X509Certificate(pem);
      } catch {
        return undefined;
      }
      if (this.certificates.size >= MAX_CACHED) this.certificates.clear();
      this.certificates.set(url, cert);
    }
    const now = this.now().getTime();
    return now >= Date.parse(cert.validFrom) && now <= Date.parse(cert.validTo) ? cert : undefined;
  }
}
