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

export type Verification = { valid: true } | { valid: false; reason: string };

/**
 * Verifies SNS message signatures (SignatureVersion 1: SHA1withRSA, 2: SHA256withRSA) with the
 * certificate named by the message, fetched only from an https URL on an SNS host (or from the
 * one extra prefix an operator trusts, for tests), and cached by URL.
 */
export class SnsSignatureVerifier {
  private readonly certificates = new Map<string, X509Certificate>();

  constructor(
    private readonly fetchText: WebFetch,
    private readonly trustedPrefix?: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Whether Herald may fetch this URL on SNS's word: the certificate URL, and a SubscribeURL. */
  isSnsUrl(raw: string): boolean {
    if (this.trustedPrefix && raw.startsWith(this.trustedPrefix)) return true;
    try {
      const url = new URL(raw);
      return url.protocol === 'https:' && SNS_HOST.test(url.hostname) && (url.port === '' || url.port === '443');
    } catch {
      return false;
    }
  }

  /** Throws only when the certificate cannot be fetched (SNS should retry later). */
  async verify(m: SnsMessage): Promise<Verification> {
    const algorithm = ALGORITHMS[m.SignatureVersion];
    if (!algorithm) return { valid: false, reason: `SignatureVersion ${m.SignatureVersion} is not supported` };
    if (!this.isSnsUrl(m.SigningCertURL) || !new URL(m.SigningCertURL).pathname.endsWith('.pem')) {
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
