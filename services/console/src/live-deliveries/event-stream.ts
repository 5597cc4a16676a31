/** One message of a text/event-stream: its `event:` (default `message`), `data:` lines joined, and the `id:` in force. */
export interface StreamMessage {
  event: string;
  data: string;
  id: string | undefined;
}

/**
 * The text/event-stream format (the HTML standard's "event stream interpretation"), fed text as
 * it arrives in chunks of any size: lines end in LF, CR or CRLF; `:` starts a comment (the api's
 * keep-alive); a blank line ends a message; a message without data is not dispatched.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  /** Kept across messages, as an EventSource keeps its `lastEventId`. */
  lastEventId: string | undefined;

  constructor(lastEventId?: string) {
    this.lastEventId = lastEventId;
  }

  push(chunk: string): StreamMessage[] {
    this.buffer += chunk;
    const messages: StreamMessage[] = [];
    for (;;) {
      const end = this.buffer.search(/[\r\n]/);
      if (end < 0) break;
      // A CR at the end of a chunk may be the first half of a CRLF: wait for the next chunk.
      if (this.buffer[end] === '\r' && end === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(this.buffer.startsWith('\r\n', end) ? end + 2 : end + 1);
      const message = this.line(line);
      if (message) messages.push(message);
    }
    return messages;
  }

  private line(line: string): StreamMessage | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
    return undefined;
  }

  private dispatch(): StreamMessage | undefined {
    const message = this.data.length ? { event: this.event || 'message', data: this.data.join('\n'), id: this.lastEventId } : undefined;
    this.event = '';
    this.data = [];
    return message;
  }
}

export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'closed';

export interface FollowOptions {
  /** Makes the request; `lastEventId` is the `id:` of the last message read, for resuming. */
  open(lastEventId: string | undefined, signal: AbortSignal): Promise<Response>;
  onMessage(message: StreamMessage): void;
  onState(state: ConnectionState): void;
  /** An answer not worth retrying (401, 403, 404, 422): the reader stops after telling. */
  onRefused(response: Response): void;
  signal: AbortSignal;
}

/** The api sends a keep-alive every 15 s: three missed means the connection is gone, whatever TCP thinks. */
const SILENCE_MS = 45_000;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 15_000;
const RETRYABLE = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * Reads an event stream and keeps reading it: when the connection ends or fails it opens it
 * again with the last `id:` it read (so the api replays what was missed), waiting longer after
 * each failure in a row (or as long as a 429's Retry-After says), until `signal` aborts.
 */
export async function followEventStream({ open, onMessage, onState, onRefused, signal }: FollowOptions): Promise<void> {
  const parser = new SseParser();
  let failures = 0;
  onState('connecting');
  while (!signal.aborted) {
    let retryAfterMs: number | undefined;
    try {
      const response = await open(parser.lastEventId, signal);
      if (response.ok && response.body) {
        onState('live');
        const opened = Date.now();
        await readAll(response.body, signal, (text) => parser.push(text).forEach(onMessage));
        // Ended by the api (shutdown, a slow reader) or by silence: again at once, unless it
        // keeps ending as soon as it opens.
        failures = Date.now() - opened > 5_000 ? 0 : failures + 1;
      } else if (!RETRYABLE(response.status)) {
        onRefused(response);
        onState('closed');
        return;
      } else {
        const after = Number(response.headers.get('Retry-After'));
        if (after > 0) retryAfterMs = after * 1000;
        await response.body?.cancel();
        failures++;
      }
    } catch {
      // The network or a dropped connection: a reconnect, as for any other end.
      failures++;
    }
    if (signal.aborted) break;
    onState('reconnecting');
    await delay(retryAfterMs ?? (failures ? Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS) : 0), signal);
  }
  onState('closed');
}

async function readAll(body: ReadableStream<Uint8Array>, signal: AbortSignal, onText: (text: string) => void): Promise<void> {
  const reader = body.getReader();
  // `stream: true` keeps a UTF-8 character split across two chunks whole.
  const decoder = new TextDecoder();
  let silence: ReturnType<typeof setTimeout> | undefined;
  const listen = () => {
    clearTimeout(silence);
    silence = setTimeout(() => void reader.cancel(new Error('the stream went silent')), SILENCE_MS);
  };
  const stop = () => void reader.cancel();
  signal.addEventListener('abort', stop);
  try {
    listen();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      listen();
      onText(decoder.decode(value, { stream: true }));
    }
  } finally {
    clearTimeout(silence);
    signal.removeEventListener('abort', stop);
  }
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}
