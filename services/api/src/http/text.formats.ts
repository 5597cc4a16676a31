import { whyNotAName, whyUnstorable } from '../shared/storable-text.rule';

/**
 * The text rules as openapi `format`s, so openapi.yaml declares them on each field once and the
 * validator names the field in a 422 before any handler runs: `storable-text` (what PostgreSQL can
 * store: no NUL, no unpaired surrogate) and `display-name` (a name that may reach an email: also
 * one line, no control or bidi formatting characters, not blank). A test on openapi.yaml keeps
 * every string of the control and administration planes covered by one of these or a stricter
 * rule, so a new operation cannot forget them.
 */
export const TEXT_FORMATS = {
  'storable-text': (text: string) => whyUnstorable(text),
  'display-name': (text: string) => whyNotAName(text),
} as const;

export type TextFormat = keyof typeof TEXT_FORMATS;

/** The validator's `formats` option for the text rules. */
export function textFormats(): Record<TextFormat, { type: 'string'; validate: (text: string) => boolean }> {
  const formats = {} as Record<TextFormat, { type: 'string'; validate: (text: string) => boolean }>;
  for (const [name, why] of Object.entries(TEXT_FORMATS) as Array<[TextFormat, (text: string) => string | undefined]>)
    formats[name] = { type: 'string', validate: (text) => why(text) === undefined };
  return formats;
}

/** The rule's own words for a value the validator refused with `must match format "<name>"`. */
export function textFormatMessage(message: string | undefined, value: unknown): string | undefined {
  const format = /^must match format "([a-z-]+)"$/.exec(message ?? '')?.[1];
  if (!format || !(format in TEXT_FORMATS) || typeof value !== 'string') return undefined;
  return TEXT_FORMATS[format as TextFormat](value);
}
