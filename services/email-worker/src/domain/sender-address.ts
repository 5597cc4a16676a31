import type { NotificationContent } from '@herald/contracts';

export interface Mailbox {
  name?: string;
  address: string;
}

export interface Sender {
  from: Mailbox;
  replyTo?: string;
}

function split(address: string): { local: string; domain: string } {
  const at = address.lastIndexOf('@');
  return { local: address.slice(0, at), domain: address.slice(at + 1) };
}

/** The one sender domain: whatever the content says, mail leaves from EMAIL_FROM's domain. */
export function senderDomain(defaultFrom: string): string {
  return split(defaultFrom).domain;
}

/**
 * From = "from_name" <from_local@domain of EMAIL_FROM>; the defaults are EMAIL_FROM's own local
 * part and no display name. Intake validates from_local; the check here keeps a stored value
 * from ever changing the domain (an "@" or a header break in it falls back to the default).
 */
export function senderOf(content: Pick<NotificationContent, 'from_local' | 'from_name' | 'reply_to'>, defaultFrom: string): Sender {
  const { local, domain } = split(defaultFrom);
  const wanted = content.from_local?.trim();
  const fromLocal = wanted && /^[a-zA-Z0-9._+-]+$/.test(wanted) ? wanted : local;
  const name = content.from_name?.replace(/[\r\n]+/g, ' ').trim();
  const from: Mailbox = name ? { name, address: `${fromLocal}@${domain}` } : { address: `${fromLocal}@${domain}` };
  const replyTo = content.reply_to?.trim();
  return replyTo ? { from, replyTo } : { from };
}
