/** Deepest JSON nesting a request body may have; the body itself is level 1. */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * One linear pass over the raw bytes, before JSON.parse: deeply nested input is refused before
 * anything recursive (the validator, our own walkers) can overflow the stack on it. It works on
 * UTF-8 bytes because no byte of a multi-byte character is an ASCII brace, bracket or quote.
 * Malformed JSON is left for the parser to name.
 */
export function jsonDepthExceeds(raw: Uint8Array, maxDepth: number): boolean {
  let depth = 0;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i];
    if (byte === QUOTE) {
      i = closingQuote(raw, i);
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/** Where the string opened at `open` ends (or the end of input); native indexOf skips long strings fast. */
function closingQuote(raw: Uint8Array, open: number): number {
  let at = open;
  for (;;) {
    at = raw.indexOf(QUOTE, at + 1);
    if (at < 0) return raw.length;
    let backslashes = 0;
    while (raw[at - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}
