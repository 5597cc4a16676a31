import { TRANSACTIONAL_CATEGORY } from '@herald/contracts';
import type { UnsubscribeTokens } from '@herald/secrets';

export interface ListUnsubscribeSettings {
  tokens: UnsubscribeTokens;
  /** PUBLIC_URL: the api's origin, as recipients' mail clients reach it. */
  publicUrl: string;
  /** UNSUBSCRIBE_MAILTO, when the operator reads unsubscribe mail there. */
  mailto?: string;
}

/** The one link of one recipient's email: the preferences page on GET, the one-click opt-out on POST. */
export function unsubscribeUrl(
  settings: ListUnsubscribeSettings,
  claims: { projectId: string; recipient: string; category: string },
): string {
  return `${settings.publicUrl}/api/v1/unsubscribe?token=${settings.tokens.sign(claims)}`;
}

/**
 * RFC 2369 and RFC 8058 headers for an email of a declared category: the https link (first, as
 * Gmail and Yahoo read it) and, when configured, a mailto whose subject carries the same token.
 * Transactional email (no category) gets none: it cannot be opted out of.
 */
export function listUnsubscribeHeaders(
  settings: ListUnsubscribeSettings,
  email: { projectId: string; recipient: string; category?: string | null },
): Record<string, string> {
  const { category } = email;
  if (!category || category === TRANSACTIONAL_CATEGORY) return {};
  const claims = { projectId: email.projectId, recipient: email.recipient, category };
  const links = [`<${unsubscribeUrl(settings, claims)}>`];
  if (settings.mailto)
    links.push(`<mailto:${settings.mailto}?subject=${encodeURIComponent(`unsubscribe ${settings.tokens.sign(claims)}`)}>`);
  return { 'List-Unsubscribe': links.join(', '), 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
