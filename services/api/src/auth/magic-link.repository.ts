import type { Queryable } from '@herald/db';

/** What replaces a sign-in link in stored email content once it may no longer be readable. */
export const SCRUBBED_HTML = '<p>This sign-in link was removed after use or expiry.</p>';
export const SCRUBBED_TEXT = 'This sign-in link was removed after use or expiry.';

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
   * Overwrites the link wherever the pipeline stored it (the event's inline content and the
   * rendered `event_contents` row) for every link that is used, expired, or whose email has
   * settled (delivered or failed for good), and drops token rows a day past expiry. Returns
   * how many links were scrubbed. An email still being retried keeps its link until it
   * expires, so a slow relay still gets a working message.
   */
  async scrubSettled(limit = 500): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      `WITH due AS (
         SELECT t.token_hash, t.event_id FROM magic_link_tokens t LEFT JOIN events e ON e.id = t.event_id
          WHERE t.content_scrubbed_at IS NULL
            AND (t.expires_at <= now() OR t.used_at IS NOT NULL OR e.id IS NULL
                 OR e.status IN ('completed', 'partially_failed', 'failed'))
          ORDER BY t.expires_at LIMIT $1
          FOR UPDATE OF t SKIP LOCKED
       ), events_scrubbed AS (
         UPDATE events e
            SET payload = '{}'::jsonb,
                content = jsonb_build_object('inline', (e.content->'inline') || jsonb_build_object('html', $2::text, 'text', $3::text))
           FROM due WHERE e.id = due.event_id
       ), contents_scrubbed AS (
         UPDATE event_contents c SET content = c.content || jsonb_build_object('html', $2::text, 'text', $3::text)
           FROM due WHERE c.event_id = due.event_id
       ), marked AS (
         UPDATE magic_link_tokens t SET content_scrubbed_at = now() FROM due WHERE t.token_hash = due.token_hash RETURNING 1
       ), pruned AS (
         DELETE FROM magic_link_tokens WHERE content_scrubbed_at IS NOT NULL AND expires_at < now() - interval '1 day'
       )
       SELECT count(*)::int AS n FROM marked`,
      [limit, SCRUBBED_HTML, SCRUBBED_TEXT],
    );
    return rows[0].n;
  }
}
