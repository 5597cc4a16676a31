/** Twilio refuses bodies over 1600 characters (10 concatenated segments). */
export const SMS_MAX_LENGTH = 1600;

const GSM7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà^{}\\[~]|€',
);
const GSM7_EXTENDED = new Set('^{}\\[~]|€');

/**
 * How many SMS segments a body costs: GSM-7 packs 160 characters in one segment (153 per part
 * when split; extension characters count twice), anything else is UCS-2 with 70 (67 when split).
 */
export function smsSegments(body: string): { encoding: 'GSM-7' | 'UCS-2'; segments: number } {
  const chars = [...body];
  if (chars.every((c) => GSM7.has(c))) {
    const units = chars.reduce((n, c) => n + (GSM7_EXTENDED.has(c) ? 2 : 1), 0);
    return { encoding: 'GSM-7', segments: units <= 160 ? 1 : Math.ceil(units / 153) };
  }
  const units = [...body].reduce((n, c) => n + (c.codePointAt(0)! > 0xffff ? 2 : 1), 0);
  return { encoding: 'UCS-2', segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}
