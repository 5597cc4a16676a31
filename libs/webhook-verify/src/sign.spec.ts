import { createHmac, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { heraldSignature, standardWebhooksKey, standardWebhooksSignature, WebhookSigningKey } from './sign';

/** A project secret as Herald mints them (@herald/secrets' generateSigningSecret). */
function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const body = Buffer.from('{"event_type":"order.shipped","payload":{"name":"é"}}', 'utf8');
const id = '6f1c1f0e-8f1a-4a36-9d7e-0d0a5b9a1c11';

function headers(signature: string, timestamp: number): Record<string, string> {
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
}

describe('standardWebhooksSignature', () => {
  it('when a project secret signs, then the Standard Webhooks library verifies it with the secret as returned', () => {
    const secret = generateSigningSecret();
    const now = Math.floor(Date.now() / 1000);
    const verified = new Webhook(secret).verify(body.toString('utf8'), headers(standardWebhooksSignature([secret], id, now, body), now));
    expect(verified).toEqual(JSON.parse(body.toString('utf8')));
  });

  it('when the body was changed on the way, then the library refuses it', () => {
    const secret = generateSigningSecret();
    const now = Math.floor(Date.now() / 1000);
    const signature = standardWebhooksSignature([secret], id, now, body);
    expect(() => new Webhook(secret).verify(body.toString('utf8') + ' ', headers(signature, now))).toThrow();
  });

  it('when two secrets are in rotation, then a receiver holding either one verifies', () => {
    const [older, newer] = [generateSigningSecret(), generateSigningSecret()];
    const now = Math.floor(Date.now() / 1000);
    const signature = standardWebhooksSignature([newer, older], id, now, body);
    expect(signature.split(' ')).toHaveLength(2);
    for (const secret of [older, newer])
      expect(() => new Webhook(secret).verify(body.toString('utf8'), headers(signature, now))).not.toThrow();
  });

  it('when the keys were made once from the secret, then the signature is the one the secret itself gives', () => {
    const [older, newer] = [generateSigningSecret(), generateSigningSecret()];
    const now = Math.floor(Date.now() / 1000);
    const made = standardWebhooksSignature([new WebhookSigningKey(newer), new WebhookSigningKey(older)], id, now, body);
    expect(made).toBe(standardWebhooksSignature([newer, older], id, now, body));
    expect(() => new Webhook(older).verify(body.toString('utf8'), headers(made, now))).not.toThrow();
  });

  it('when a secret was minted in base64url before the switch, then the key is the same bytes', () => {
    const bytes = randomBytes(32);
    expect(standardWebhooksKey(`whsec_${bytes.toString('base64url')}`)).toEqual(bytes);
    expect(standardWebhooksKey(`whsec_${bytes.toString('base64')}`)).toEqual(bytes);
  });
});

describe('heraldSignature', () => {
  it('when computed, then it is sha256=<hex HMAC-SHA256(secret, raw bytes)>', () => {
    const body = Buffer.from('{"a":"é"}', 'utf8');
    const expected = createHmac('sha256', 'whsec_test').update(body).digest('hex');
    expect(heraldSignature('whsec_test', body)).toBe(`sha256=${expected}`);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('when the key was made once from the secret, then the signature is the same', () => {
    const secret = generateSigningSecret();
    expect(heraldSignature(new WebhookSigningKey(secret), body)).toBe(heraldSignature(secret, body));
    expect(heraldSignature(new WebhookSigningKey('whsec_é'), body)).toBe(heraldSignature('whsec_é', body));
  });
});
