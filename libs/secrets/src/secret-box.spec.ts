import { hashApiKey, generateApiKey } from './api-key';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(Buffer.alloc(32, 3));

  it('when a secret is sealed, then only the same key opens it, and the stored form hides it', () => {
    const sealed = box.seal('whsec_abc');
    expect(sealed).not.toContain('whsec_abc');
    expect(box.open(sealed)).toBe('whsec_abc');
    expect(() => new SecretBox(Buffer.alloc(32, 4)).open(sealed)).toThrow();
  });

  it('when sealed twice, then the ciphertexts differ (fresh IV)', () => {
    expect(box.seal('x')).not.toBe(box.seal('x'));
  });
});

describe('API keys', () => {
  it('when generated, then the stored hash matches only that key', () => {
    const key = generateApiKey();
    expect(key.plaintext).toMatch(/^hk_/);
    expect(hashApiKey(key.plaintext)).toBe(key.hash);
    expect(hashApiKey(key.plaintext + 'x')).not.toBe(key.hash);
  });
});
