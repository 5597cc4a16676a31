/** What a JSON text field holds: empty (null), a parsed value, or why it does not parse. */
export type JsonText = { ok: true; value: unknown } | { ok: false; message: string };

export function parseJsonText(text: string): JsonText {
  if (!text.trim()) return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: `Not valid JSON: ${(error as Error).message}` };
  }
}

/** A stored value as the field shows it: pretty-printed, empty for none. */
export function jsonTextOf(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value, null, 2);
}
