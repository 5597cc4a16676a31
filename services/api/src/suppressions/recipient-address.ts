import type { Channel } from '@herald/contracts';

const E164 = /^\+[1-9][0-9]{1,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The one form a recipient is stored and matched in: email lower-cased, phone E.164 (spaces,
 * dashes, dots and brackets removed), webhook URL as given. Returns undefined when it is not a
 * valid address for the channel.
 */
export function normaliseRecipient(channel: Channel, value: string): string | undefined {
  const trimmed = value.trim();
  if (channel === 'email') return EMAIL.test(trimmed) ? trimmed.toLowerCase() : undefined;
  if (channel === 'sms') {
    const phone = trimmed.replace(/[\s\-().]/g, '');
    return E164.test(phone) ? phone : undefined;
  }
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? trimmed : undefined;
  } catch {
    return undefined;
  }
}
