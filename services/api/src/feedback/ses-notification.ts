export type SesFeedback =
  | { kind: 'suppress'; reason: 'hard_bounce' | 'spam_complaint'; recipients: string[]; messageIds: string[] }
  | { kind: 'ignore'; detail: string };

interface SesMail {
  messageId?: unknown;
  commonHeaders?: { messageId?: unknown };
  headers?: Array<{ name?: unknown; value?: unknown }>;
}

interface SesNotification {
  notificationType?: unknown;
  eventType?: unknown;
  mail?: SesMail;
  bounce?: { bounceType?: unknown; bouncedRecipients?: Array<{ emailAddress?: unknown }> };
  complaint?: { complainedRecipients?: Array<{ emailAddress?: unknown }>; complaintFeedbackType?: unknown };
}

/** `"Ada" <Ada@Example.com>` or `Ada@Example.com` -> `ada@example.com`, the form suppressions are stored in. */
function address(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const inside = /<([^<>]+)>/.exec(value)?.[1] ?? value;
  const normalised = inside.trim().toLowerCase();
  return normalised.includes('@') ? normalised : undefined;
}

function addresses(list: Array<{ emailAddress?: unknown }> | undefined): string[] {
  return [...new Set((Array.isArray(list) ? list : []).map((r) => address(r?.emailAddress)).filter((a): a is string => !!a))];
}

/**
 * Every id the notification may know the message by: SES's own MessageId, and the Message-ID
 * header (ours, kept in the original headers even where SES rewrote it), with and without the
 * angle brackets, since Herald records `<uuid@domain>` and SES reports bare ids.
 */
export function messageIdsOf(mail: SesMail | undefined): string[] {
  const found: unknown[] = [mail?.messageId, mail?.commonHeaders?.messageId];
  for (const h of Array.isArray(mail?.headers) ? mail.headers : []) {
    if (typeof h?.name === 'string' && h.name.toLowerCase() === 'message-id') found.push(h.value);
  }
  const ids = new Set<string>();
  for (const value of found) {
    if (typeof value !== 'string' || !value.trim()) continue;
    const bare = value.trim().replace(/^<|>$/g, '');
    ids.add(bare).add(`<${bare}>`);
  }
  return [...ids];
}

/**
 * Reads an SES notification (identity notifications use `notificationType`, event publishing
 * `eventType`): a permanent bounce suppresses as hard_bounce, a complaint as spam_complaint;
 * transient bounces, deliveries and everything else change nothing.
 */
export function readSesFeedback(message: string): SesFeedback {
  let n: SesNotification;
  try {
    n = JSON.parse(message) as SesNotification;
  } catch {
    return { kind: 'ignore', detail: 'Message is not an SES notification (not JSON)' };
  }
  const type = n?.notificationType ?? n?.eventType;
  const messageIds = messageIdsOf(n?.mail);
  if (type === 'Bounce') {
    const bounceType = n.bounce?.bounceType;
    if (bounceType !== 'Permanent') return { kind: 'ignore', detail: `${String(bounceType)} bounces do not suppress` };
    return { kind: 'suppress', reason: 'hard_bounce', recipients: addresses(n.bounce?.bouncedRecipients), messageIds };
  }
  if (type === 'Complaint') {
    if (n.complaint?.complaintFeedbackType === 'not-spam') return { kind: 'ignore', detail: 'not-spam complaints do not suppress' };
    return { kind: 'suppress', reason: 'spam_complaint', recipients: addresses(n.complaint?.complainedRecipients), messageIds };
  }
  return { kind: 'ignore', detail: `${typeof type === 'string' ? type : 'unknown'} notifications change nothing` };
}
