import { Webhook } from 'standardwebhooks';
import { createHmac, randomBytes } from 'node:crypto';
import { verifyHeraldSignature, verifyStandardWebhook, verifyWebhook } from './index';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const body = JSON.stringify({ notification_id: 'n1', payload: { ok: true } });
const at = new Date('2026-11-24T00:00:00Z');

function standardHeaders(secrets: string[], id = 'msg_1', when = at) {
  const sigs = secrets.map((s) => new Webhook(s).sign(id, when, body).split(' ')[0]);
  return { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(when.getTime() / 1000)), 'webhook-signature': sigs.join(' ') };
}

describe('verifyStandardWebhook', () => {
  it('accepts what the reference Standard Webhooks library signs, with the id and time', () => {
    expect(verifyStandardWebhook(secret, body, standardHeaders([secret]), { now: () => at })).toEqual({
      ok: true,
      scheme: 'standard-webhooks',
      id: 'msg_1',
      timestamp: at,
    });
  });

  it('accepts any one of several signatures, as sent during a secret rotation', () => {
    const old = `whsec_${randomBytes(32).toString('base64')}`;
    expect(verifyStandardWebhook(secret, body, standardHeaders([old, secret]), { now: () => at }).ok).toBe(true);
  });

  it('refuses a changed body, another secret, a replay outside the window, and missing headers', () => {
    const headers = standardHeaders([secret]);
    expect(verifyStandardWebhook(secret, body + ' ', headers, { now: () => at })).toEqual({ ok: false, reason: 'no signature matches' });
    expect(verifyStandardWebhook(`whsec_${randomBytes(32).toString('base64')}`, body, headers, { now: () => at }).ok).toBe(false);
    const later = new Date(at.getTime() + 301_000);
    expect(verifyStandardWebhook(secret, body, headers, { now: () => later }).ok).toBe(false);
    expect(verifyStandardWebhook(secret, body, headers, { now: () => later, toleranceSeconds: 600 }).ok).toBe(true);
    expect(verifyStandardWebhook(secret, body, { 'webhook-id': 'x' }).ok).toBe(false);
    expect(verifyStandardWebhook(secret, body, { ...headers, 'webhook-timestamp': '1e9' }).ok).toBe(false);
  });
});

describe('verifyHeraldSignature and verifyWebhook', () => {
  const herald = 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');

  it('accepts X-Herald-Signature-256 or its -Next twin, whatever the header case, and refuses a forgery', () => {
    expect(verifyHeraldSignature(secret, body, { 'X-Herald-Signature-256': herald }).ok).toBe(true);
    expect(verifyHeraldSignature(secret, Buffer.from(body), { 'x-herald-signature-256-next': herald }).ok).toBe(true);
    expect(
      verifyHeraldSignature(secret, body, { 'x-herald-signature-256': herald.slice(0, -1) + (herald.endsWith('0') ? '1' : '0') }).ok,
    ).toBe(false);
  });

  it('prefers the Standard Webhooks headers (they bind a timestamp) and falls back to the Herald header', () => {
    const both = { ...standardHeaders([secret]), 'x-herald-signature-256': herald };
    expect(verifyWebhook(secret, body, both, { now: () => at })).toMatchObject({ ok: true, scheme: 'standard-webhooks' });
    expect(verifyWebhook(secret, body, { 'x-herald-signature-256': herald })).toMatchObject({ ok: true, scheme: 'herald' });
    // A stale Standard signature is not rescued by the untimed header.
    expect(verifyWebhook(secret, body, both, { now: () => new Date(at.getTime() + 3_600_000) }).ok).toBe(false);
  });
});
