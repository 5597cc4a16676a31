import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ConfigError } from './config-error';

function decode(value: string, origin: string): Buffer {
  const key = Buffer.from(value.trim(), 'base64');
  if (key.length !== 32) throw new ConfigError(`${origin} must hold 32 random bytes, base64-encoded (openssl rand -base64 32)`);
  return key;
}

/**
 * The key comes from HERALD_SECRETS_KEY (deployments) or a key file. A missing file is created
 * with fresh random bytes, so a local `npm start` encrypts at rest without a default secret;
 * the exclusive create ('wx') means concurrent first starts agree on one key.
 */
export function resolveSecretsKey(inline: string | undefined, file: string): Buffer {
  if (inline) return decode(inline, 'HERALD_SECRETS_KEY');
  try {
    return decode(readFileSync(file, 'utf8'), `HERALD_SECRETS_KEY_FILE (${file})`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new ConfigError(`HERALD_SECRETS_KEY_FILE (${file}) cannot be created: ${(err as Error).message}`);
    }
  }
  return decode(readFileSync(file, 'utf8'), `HERALD_SECRETS_KEY_FILE (${file})`);
}

/**
 * The unsubscribe links' HMAC key: UNSUBSCRIBE_KEY when set, so an operator can revoke every link
 * by changing it without touching the secrets key (which would lose every sealed secret); else
 * one derived from the secrets key, so a plain install signs its links with no extra setting.
 */
export function resolveUnsubscribeKey(inline: string | undefined, secretsKey: Buffer): Buffer {
  if (inline) return decode(inline, 'UNSUBSCRIBE_KEY');
  return Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'herald unsubscribe links v1', 32));
}
