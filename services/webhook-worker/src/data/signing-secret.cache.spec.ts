import { SecretBox } from '@herald/secrets';
import { heraldSignature } from '@herald/webhook-verify';
import { SigningSecretCache, type SigningSecrets } from './signing-secret.cache';

/** Which secrets the keys are, told by what they sign. */
const body = Buffer.from('{}');
const signs = (secret: string) => heraldSignature(secret, body);
function plain(secrets: SigningSecrets) {
  return {
    current: heraldSignature(secrets.current, body),
    ...(secrets.previous ? { previous: heraldSignature(secrets.previous, body) } : {}),
  };
}

describe('SigningSecretCache', () => {
  const box = new SecretBox(Buffer.alloc(32, 1));

  it('when the same sealed secret is opened within the TTL, then it is opened once', () => {
    let clock = 0;
    const open = jest.spyOn(box, 'open');
    const cache = new SigningSecretCache(box, 60_000, () => clock);
    const sealed = box.seal('whsec_a');
    expect(plain(cache.open('p1', sealed))).toEqual({ current: signs('whsec_a') });
    clock = 59_000;
    expect(plain(cache.open('p1', sealed))).toEqual({ current: signs('whsec_a') });
    expect(open).toHaveBeenCalledTimes(1);
    clock = 61_000;
    expect(plain(cache.open('p1', sealed))).toEqual({ current: signs('whsec_a') });
    expect(open).toHaveBeenCalledTimes(2);
    open.mockRestore();
  });

  it('when the project rotated its secret, then the new one is used at once', () => {
    const cache = new SigningSecretCache(box);
    expect(plain(cache.open('p1', box.seal('whsec_old')))).toEqual({ current: signs('whsec_old') });
    expect(plain(cache.open('p1', box.seal('whsec_new')))).toEqual({ current: signs('whsec_new') });
  });

  it('when a rotation is in its grace period, then both secrets come back, the new one as current', () => {
    const cache = new SigningSecretCache(box);
    const old = box.seal('whsec_old');
    expect(plain(cache.open('p1', old))).toEqual({ current: signs('whsec_old') });
    expect(plain(cache.open('p1', box.seal('whsec_new'), old))).toEqual({ current: signs('whsec_new'), previous: signs('whsec_old') });
  });
});
