import { CacheEvictionListener, type Queryable, type Sql } from '@herald/db';
import type { Logger } from '@herald/logger';
import { FeedCheckedCache } from './feed-checked-cache';

/** The channel the `projects` trigger notifies with a project's id when its signing secrets change (migration 1764030000000). */
export const SIGNING_SECRET_CHANGED_CHANNEL = 'herald_signing_secret_changed';

/** A project's signing secrets, still sealed: the current one, and the previous one while its grace period lasts. */
export interface SealedSigningSecrets {
  sealed: string;
  previousSealed: string | null;
}

/** Where a delivery that skips the notification read gets its project's secrets. */
export interface SigningSecretsPort {
  get(projectId: string): Promise<SealedSigningSecrets | undefined>;
}

// The previous secret under exactly FIND_FOR_DELIVERY's rule, and how long PostgreSQL's clock
// says it has left, so a cached entry ends no later than the grace period does.
const FIND_SIGNING_SECRETS: Sql = {
  name: 'delivery.find-signing-secrets',
  text: `
SELECT id, signing_secret_sealed,
       CASE WHEN previous_signing_secret_expires_at > now() THEN previous_signing_secret_sealed END AS previous_signing_secret_sealed,
       CASE WHEN previous_signing_secret_expires_at > now()
            THEN extract(epoch FROM previous_signing_secret_expires_at - now()) * 1000 END::float8 AS previous_left_ms
  FROM projects WHERE id = ANY($1::uuid[])`,
};

interface Row {
  id: string;
  signing_secret_sealed: string;
  previous_signing_secret_sealed: string | null;
  previous_left_ms: number | null;
}

/**
 * Sealed signing secrets by project, cached while the `projects` trigger's change feed is live
 * (FeedCheckedCache). An entry holding a previous secret ends when its grace period does
 * (measured by PostgreSQL's clock from before the read), after which the next read asks
 * PostgreSQL again.
 */
export class SigningSecretsSource extends FeedCheckedCache<SealedSigningSecrets> implements SigningSecretsPort {
  constructor(db: Queryable, feed: { readonly live: boolean }, ttlMs = 60_000, now: () => number = Date.now) {
    super(
      async (ids) => {
        const { rows } = await db.query<Row>(FIND_SIGNING_SECRETS, [ids]);
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.map((id) => {
          const row = byId.get(id);
          if (!row) return undefined;
          const value = { sealed: row.signing_secret_sealed, previousSealed: row.previous_signing_secret_sealed };
          return { value, validForMs: Math.min(ttlMs, row.previous_left_ms ?? Infinity) };
        });
      },
      feed,
      now,
    );
  }
}

/** Keeps a SigningSecretsSource honest: LISTENs for secret changes on a connection of its own. */
export function signingSecretChanges(databaseUrl: string, logger: Logger, applicationName = 'herald-signing-secret-changes') {
  return new CacheEvictionListener<SigningSecretsSource>({
    url: databaseUrl,
    channel: SIGNING_SECRET_CHANGED_CHANNEL,
    applicationName,
    what: 'signing secret',
    logger,
  });
}
