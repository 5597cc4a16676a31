import { utf8Bytes } from './limits';

/** Extra headers a project may put on its emails (inline content or a template), by name. */
export type EmailHeaders = Record<string, string>;

/** openapi.yaml (EmailHeaders) says the same; the rule below enforces them again for stored content. */
export const EMAIL_HEADER_LIMITS = {
  count: 20,
  nameLength: 64,
  /** RFC 5322's line limit: the value alone never needs folding to fit. */
  valueLength: 998,
} as const;

/** RFC 5322 field names are printable ASCII without colon; the token characters (RFC 9110) keep every parser on the way agreeing. */
const NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** The allow-list: private `X-` headers and the mailing-list identifier (RFC 2919). */
const ALLOWED = /^(x-.+|list-id)$/i;
/** Herald's own headers, and those SES acts on (configuration set, message tags): a project must not set them. */
const RESERVED = /^x-(herald|ses)-/i;
/** A line break would start a new header (injection); other control characters have no place in a header either. Tab may fold. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;
/** JSON can carry an unpaired surrogate; it is not Unicode, and jsonb refuses it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface EmailHeaderProblem {
  /** The header at fault; undefined when the problem is the set as a whole. */
  name?: string;
  msg: string;
}

function nameProblem(name: string): string | undefined {
  if (name.length === 0 || name.length > EMAIL_HEADER_LIMITS.nameLength)
    return `header names are 1 to ${EMAIL_HEADER_LIMITS.nameLength} characters`;
  if (!NAME.test(name)) return "header names are letters, digits and the token characters !#$%&'*+.^_`|~- (no spaces or colons)";
  if (RESERVED.test(name)) return `${name} is reserved: Herald (X-Herald-*) or the provider (X-SES-*) sets it`;
  if (!ALLOWED.test(name)) return `${name} is not allowed: only X-* headers and List-Id can be set`;
  return undefined;
}

function valueProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'header values are strings';
  if (value.length > EMAIL_HEADER_LIMITS.valueLength) return `header values are at most ${EMAIL_HEADER_LIMITS.valueLength} characters`;
  if (CONTROL.test(value)) return 'header values must not contain line breaks or other control characters';
  if (LONE_SURROGATE.test(value)) return 'header values must be valid Unicode (an unpaired surrogate is not)';
  return undefined;
}

/**
 * Checks a project's extra email headers: the allow-list, header-injection safety (no CR or LF
 * in a value, token-only names), the limits, and one header per name whatever its case (an
 * email may carry a name once; which of two would win is not the caller's to guess).
 */
export function emailHeaderProblems(headers: Record<string, unknown>): EmailHeaderProblem[] {
  const names = Object.keys(headers);
  const problems: EmailHeaderProblem[] = [];
  if (names.length > EMAIL_HEADER_LIMITS.count) problems.push({ msg: `at most ${EMAIL_HEADER_LIMITS.count} headers are allowed` });
  const seen = new Set<string>();
  for (const name of names) {
    const msg = nameProblem(name) ?? valueProblem(headers[name]);
    if (msg) problems.push({ name, msg });
    else if (seen.has(name.toLowerCase())) problems.push({ name, msg: `${name} is given twice (header names ignore case)` });
    seen.add(name.toLowerCase());
  }
  return problems;
}

/**
 * The headers that pass the rule, for the sender: content stored before a rule changed, or
 * written by hand, never gets a refused header onto the wire.
 */
export function allowedEmailHeaders(headers: Record<string, unknown> | null | undefined): EmailHeaders {
  if (!headers || typeof headers !== 'object') return {};
  const refused = new Set(emailHeaderProblems(headers).map((p) => p.name));
  if (refused.has(undefined)) return {};
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !refused.has(name))) as EmailHeaders;
}

/** What the headers add to each email, for the send budget (EVENT_LIMITS.sendBytes). */
export function emailHeaderBytes(headers: EmailHeaders | null | undefined): number {
  return Object.entries(headers ?? {}).reduce((sum, [name, value]) => sum + utf8Bytes(name) + utf8Bytes(value), 0);
}
