import type { Database } from '@herald/db';

/**
 * Sign-in credentials that can never be used again once past their expiry (kept a day for
 * support questions). A magic link goes only once the api has scrubbed the link out of its
 * stored email: the row is what tells the scrubber which email to scrub.
 */
const EXPIRED_CREDENTIALS = [
  ['access_tokens', ''],
  ['refresh_tokens', ''],
  ['magic_link_tokens', 'AND content_scrubbed_at IS NOT NULL'],
  ['oauth_codes', ''],
  ['oauth_authorizations', ''],
] as const;

/** The retention job's deletes, each in bounded batches so no statement holds locks for long. */
export class RetentionRepository {
  constructor(private readonly db: Database) {}

  /**
   * Deletes up to `limit` finished events created before `before`, oldest first, with their
   * notifications and logs (statement triggers on events and notifications), dead letters and
   * stored content (ON DELETE CASCADE). Events still in
   * flight are left alone whatever their age. SKIP LOCKED lets two schedulers share the work.
   * The analytics rollups are kept: `herald.retention` tells the delete triggers not to subtract.
   */
  async deleteFinishedEvents(before: Date, limit: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.query(`SET LOCAL herald.retention = 'on'`);
      const { rowCount } = await tx.query(
        `DELETE FROM events WHERE id IN (
           SELECT id FROM events
            WHERE created_at < $1 AND status IN ('completed', 'partially_failed', 'failed')
            ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
        [before, limit],
      );
      return rowCount ?? 0;
    });
  }

  /** Deletes up to `limit` rows of each credential table expired for more than a day; returns how many in all. */
  async deleteExpiredCredentials(limit: number): Promise<number> {
    let deleted = 0;
    for (const [table, also] of EXPIRED_CREDENTIALS) {
      const { rowCount } = await this.db.query(
        `DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE expires_at < now() - interval '1 day' ${also} LIMIT $1)`,
        [limit],
      );
      deleted += rowCount ?? 0;
    }
    return deleted;
  }
}
