/** The SNS HTTP(S) message types Herald acts on. */
export const SNS_TYPES = ['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation'] as const;
export type SnsType = (typeof SNS_TYPES)[number];

export interface SnsMessage {
  Type: SnsType;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  SubscribeURL?: string;
  Token?: string;
}

const REQUIRED = ['MessageId', 'TopicArn', 'Message', 'Timestamp', 'SignatureVersion', 'Signature', 'SigningCertURL'] as const;

export type ParsedSns = { ok: true; message: SnsMessage } | { ok: false; reason: string };

/** SNS posts JSON as text/plain; accepts the raw text or an already parsed object. */
export function parseSnsMessage(body: unknown): ParsedSns {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      return { ok: false, reason: 'body is not JSON' };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'body is not a JSON object' };
  const m = value as Record<string, unknown>;
  if (!SNS_TYPES.includes(m.Type as SnsType)) return { ok: false, reason: `Type ${JSON.stringify(m.Type)} is not an SNS message type` };
  for (const key of REQUIRED) if (typeof m[key] !== 'string') return { ok: false, reason: `${key} is missing` };
  for (const key of ['Subject', 'SubscribeURL', 'Token'] as const) {
    if (m[key] !== undefined && m[key] !== null && typeof m[key] !== 'string') return { ok: false, reason: `${key} is not a string` };
  }
  if (m.Type !== 'Notification' && (typeof m.SubscribeURL !== 'string' || typeof m.Token !== 'string')) {
    return { ok: false, reason: 'SubscribeURL and Token are required for a subscription message' };
  }
  return { ok: true, message: m as unknown as SnsMessage };
}

/**
 * The canonical string SNS signs: selected fields as "Name\nvalue\n", in this order. Subject
 * counts only when present (SNS signs a null Subject as absent).
 */
export function snsStringToSign(m: SnsMessage): string {
  const keys =
    m.Type === 'Notification'
      ? (['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const)
      : (['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'] as const);
  return keys
    .filter((k) => typeof m[k] === 'string')
    .map((k) => `${k}\n${m[k]}\n`)
    .join('');
}
