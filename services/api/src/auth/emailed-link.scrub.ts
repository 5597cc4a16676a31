import type { Queryable } from '@herald/db';

/**
 * A table of single-use links that Herald mailed through its own email channel (magic links,
 * invitations): each row names the event that carried the link, when the link expires, and
 * whether it still works.
 */
export interface EmailedLinks {
  table: string;
  /** Its primary key column. */
  key: string;
  /** SQL on the row (alias `t`), true once the link no longer works (used, revoked). */
  closed: string;
  /** What the link is replaced with in the stored email. */
  html: string;
  text: string;
}

/**
 * Overwrites the link wherever the pipeline stored it (the event's inline content and payload,
 * and the rendered `event_contents` row) for every link that is closed, expired, or whose email
 * has settled (delivered or failed for good), and marks the row `content_scrubbed_at`. Returns
 * how many links were scrubbed. An email still being retried keeps its link until it expires,
 * so a slow relay still gets a working message. Rows are claimed with SKIP LOCKED, so every api
 * process may run this at once.
 */
export async function scrubEmailedLinks(db: Queryable, links: EmailedLinks, limit = 500): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH due AS (
       SELECT t.${links.key} AS key, t.event_id FROM ${links.table} t LEFT JOIN events e ON e.id = t.event_id
        WHERE t.content_scrubbed_at IS NULL
          AND (t.expires_at <= now() OR (${links.closed}) OR e.id IS NULL
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
       UPDATE ${links.table} t SET content_scrubbed_at = now() FROM due WHERE t.${links.key} = due.key RETURNING 1
     )
     SELECT count(*)::int AS n FROM marked`,
    [limit, links.html, links.text],
  );
  return rows[0].n;
}
