import { EVENT_LIMITS, emailHeaderBytes, utf8Bytes } from '@herald/contracts';
import type { ValidationIssue } from '@herald/errors';
import type { EventInput } from './event-input';

type Loc = Array<string | number>;

const MiB = (bytes: number) => `${+(bytes / (1024 * 1024)).toFixed(2)} MiB`;

/** Compact JSON size; a value JSON cannot even serialise counts as over any limit. */
export function jsonBytes(value: unknown): number {
  try {
    return utf8Bytes(JSON.stringify(value) ?? '');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** The bytes each email of this event carries, as far as intake can tell (templates render later). */
function inlineEmailBytes(input: EventInput): number {
  const inline = input.inline;
  return inline ? utf8Bytes(inline.subject) + utf8Bytes(inline.html) + utf8Bytes(inline.text) + emailHeaderBytes(inline.headers) : 0;
}

function count(input: EventInput, channel: string): number {
  return input.recipients.filter((r) => r.channels.includes(channel as never)).length;
}

/**
 * The size limits of EVENT_LIMITS that a JSON schema cannot say: bytes rather than characters,
 * and the bytes the whole event would send (payload x webhooks + content x emails), so that one
 * accepted event can never ask fan-out and the workers for gigabytes.
 */
export function eventLimitIssues(input: EventInput, at: Loc): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const tooBig = (loc: Loc, what: string, bytes: number, limit: number) =>
    issues.push({ loc, msg: `${what} is ${bytes} bytes; at most ${limit} (${MiB(limit)}) are allowed`, type: 'value_error' });

  const payloadBytes = jsonBytes(input.payload);
  if (payloadBytes > EVENT_LIMITS.payloadBytes)
    tooBig([...at, 'payload'], 'payload serialised as JSON', payloadBytes, EVENT_LIMITS.payloadBytes);
  if (input.recipients.length > EVENT_LIMITS.recipients) {
    issues.push({
      loc: [...at, 'recipients'],
      msg: `${input.recipients.length} recipients; at most ${EVENT_LIMITS.recipients} per event are allowed`,
      type: 'value_error',
    });
  }
  for (const part of ['html', 'text'] as const) {
    const bytes = utf8Bytes(input.inline?.[part]);
    if (bytes > EVENT_LIMITS.contentPartBytes) tooBig([...at, 'inline', part], `inline.${part}`, bytes, EVENT_LIMITS.contentPartBytes);
  }
  if (issues.length) return issues;

  const sendBytes = count(input, 'webhook') * payloadBytes + count(input, 'email') * inlineEmailBytes(input);
  if (sendBytes > EVENT_LIMITS.sendBytes) {
    issues.push({
      loc: [...at, 'recipients'],
      msg:
        `this event would send ${sendBytes} bytes in all (the payload to each webhook, the inline content to each email); ` +
        `at most ${EVENT_LIMITS.sendBytes} (${MiB(EVENT_LIMITS.sendBytes)}) per event: spread the recipients over several events or send less content`,
      type: 'value_error',
    });
  }
  return issues;
}
