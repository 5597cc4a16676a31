import type { FailureVerdict } from '@herald/delivery';

/** What nodemailer puts on its errors (codes like EENVELOPE, the server's reply and the command it answered). */
export interface SmtpErrorLike {
  code?: unknown;
  message?: unknown;
  response?: unknown;
  responseCode?: unknown;
  command?: unknown;
}

/**
 * Enhanced status codes (RFC 3463) that say the recipient address itself is bad: 5.1.0 other
 * address status, 5.1.1 no such mailbox, 5.1.2 no such domain, 5.1.3 bad address syntax,
 * 5.1.6 mailbox moved, 5.1.10 null MX. Policy rejections (5.7.x) and full mailboxes (5.2.2) are
 * not among them: those addresses exist.
 */
const UNKNOWN_MAILBOX_STATUS = new Set(['5.1.0', '5.1.1', '5.1.2', '5.1.3', '5.1.6', '5.1.10']);
/** Replies without an enhanced code: only these words count as "that mailbox does not exist". */
const UNKNOWN_MAILBOX_TEXT =
  /user unknown|unknown user|user not local|no such (user|mailbox|recipient)|unknown (recipient|mailbox)|(mailbox|recipient|address|user) (does not|doesn't) exist|(mailbox|recipient|user) not found|invalid (recipient|mailbox)/i;
/** Codes whose failure is about the message or its address, never the connection: retrying cannot help. */
const PERMANENT_LOCAL_CODES = new Set(['EENVELOPE', 'EMESSAGE', 'EREQUIRETLS']);

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

function enhancedStatus(reply: string): string | undefined {
  return /^\d{3}[ -]([245]\.\d{1,3}\.\d{1,3})\b/.exec(reply)?.[1];
}

/** A 550/551/553 (or any 5xx with a 5.1.x address code) to RCPT TO or after DATA: the recipient does not exist. */
export function isUnknownMailbox(responseCode: number, reply: string, command: string | undefined): boolean {
  if (command !== undefined && command !== 'RCPT TO' && command !== 'DATA') return false;
  const status = enhancedStatus(reply);
  if (status) return UNKNOWN_MAILBOX_STATUS.has(status) && responseCode >= 500;
  return [550, 551, 553].includes(responseCode) && UNKNOWN_MAILBOX_TEXT.test(reply);
}

/**
 * Judges an SMTP send failure: a 4xx reply is a deferral (retry); a 5xx reply is final, except
 * 503 "bad sequence of commands", which is about the session, not the message. No reply at all
 * (refused, reset, timed out, TLS failed) is retried; a message or address nodemailer refuses
 * before sending is not. A final "no such mailbox" also suppresses the recipient.
 */
export function classifySmtpError(err: unknown): FailureVerdict {
  const e = (typeof err === 'object' && err !== null ? err : { message: String(err) }) as SmtpErrorLike;
  const code = str(e.code);
  const command = str(e.command);
  const reply = str(e.response);
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  if (responseCode !== undefined && reply !== undefined) {
    const error = `SMTP ${command ? `${command} ` : ''}rejected: ${reply.trim()}`;
    if (responseCode < 500 || responseCode === 503) return { kind: 'retryable', error };
    return isUnknownMailbox(responseCode, reply, command)
      ? { kind: 'permanent', error, suppress: 'hard_bounce' }
      : { kind: 'permanent', error };
  }
  const error = `SMTP ${code ? `${code}: ` : ''}${str(e.message) ?? 'unknown error'}`;
  return code && PERMANENT_LOCAL_CODES.has(code) ? { kind: 'permanent', error } : { kind: 'retryable', error };
}
