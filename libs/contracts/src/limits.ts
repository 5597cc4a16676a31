/**
 * What one event may ask of Herald. The api refuses an event past these at intake (422 naming
 * the field); fan-out checks again what only rendering can tell (a template's output), and fails
 * those notifications with the reason instead of running out of memory. Bytes are UTF-8.
 */
export const EVENT_LIMITS = {
  /** `payload` serialised as compact JSON: webhooks carry it whole to every target. */
  payloadBytes: 256 * 1024,
  /** Recipients per event (the schema's maxItems says the same). */
  recipients: 1000,
  /** Each of `inline.html` and `inline.text`, and each rendered html or text part. */
  contentPartBytes: 1024 * 1024,
  /**
   * Bytes one event sends in all: every webhook carries the payload and every email its content
   * (subject, html and text), so this bounds payload x notifications. SMS bodies are capped at
   * 1,600 characters apiece and not counted; attachments are counted by their own 30 MB cap.
   */
  sendBytes: 128 * 1024 * 1024,
} as const;

/** UTF-8 length of a string, without copying it. */
export function utf8Bytes(text: string | null | undefined): number {
  return text ? Buffer.byteLength(text, 'utf8') : 0;
}
