import type { Queryable } from '@herald/db';
import { scrubEmailedLinks, type EmailedLinks } from './emailed-link.scrub';

/** What replaces a sign-in link in stored email content once it may no longer be readable. */
export const SCRUBBED_HTML = '<p>This sign-in link was removed after use or expiry.</p>';
export const SCRUBBED_TEXT = 'This sign-in link was removed after use or expiry.';

const MAGIC_LINKS: EmailedLinks = {
  table: 'magic_link_tokens',
  key: 'token_hash',
  closed: 't.used_at IS NOT NULL',
  html: SCRUBBED_HTML,
  text: SCRUBBED_TEXT,
};

/** Magic-link tokens (hashes only) and the email content that carried them. */
export class MagicLinkRepository {
  constructor(private readonly db: Queryable) {}

  async insert(hash: string, email: string, ttlS: number, eventId: string): Promise<void> {
    await this.db.query(
      `INSERT INTO magic_link_tokens (token_hash, email, expires_at, event_id)
       VALUES ($1, $2, now() + make_interval(secs => $3), $4)`,
      [hash, email, ttlS, eventId],
    );
  }

  /** Marks the token used and returns its address; undefined when unknown, expired or already used. */
  async consume(hash: string): Promise<string | undefined> {
    const { rows } = await this.db.query<{ email: string }>(
      `UPDATE magic_link_tokens SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
       RETURNING email`,
      [hash],
    );
    return rows[0]?.email;
  }

  /**
   * Scrubs the links of used, expired or settled sign-in emails out of their stored content
   * (scrubEmailedLinks), then drops token rows a day past expiry. Returns how many were scrubbed.
   */
  async scrubSettled(limit = 500): Promise<number> {
    const scrubbed = await scrubEmailedLinks(this.db, MAGIC_LINKS, limit);
    await this.db.query(`DELETE FROM magic_link_tokens WHERE content_scrubbed_at IS NOT NULL AND expires_at < now() - interval '1 day'`);
    return scrubbed;
  }
}
