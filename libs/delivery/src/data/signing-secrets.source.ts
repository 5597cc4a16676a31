import { CacheEvictionListener, Coalescer, type Queryable, type Sql } from '@herald/db';
import type { Logger } from '@herald/logger';

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

interface Entry {
  secrets: SealedSigningSecrets;
  validUntil: number;
}

/** Bounds memory if a worker serves very many projects; a cleared cache only costs a read. */
const MAX_ENTRIES = 10_000;

/**
 * Sealed signing secrets by project, read in batches (one statement for many projects) and
 * cached. A cached entry is trusted only while the change feed is live: the `projects` trigger
 * announces every change of a project's secrets when it commits and the entry is dropped, so a
 * rotation applies at once; while the feed is down nothing is cached or served from the cache.
 * An entry holding a previous secret ends when its grace period does (measured by PostgreSQL's
 * clock from before the read), after which the next read asks PostgreSQL again.
 */
export class SigningSecretsSource implements SigningSecretsPort {
  private readonly entries = new Map<string, Entry>();
  private readonly reads: Coalescer<string, Row | undefined>;
  /** Moves on every eviction: a read that started before one must not fill the cache. */
  private epoch = 0;

  constructor(
    db: Queryable,
    private readonly feed: { readonly live: boolean },
    private readonly ttlMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {
    this.reads = new Coalescer(
      async (ids) => {
        const { rows } = await db.query<Row>(FIND_SIGNING_SECRETS, [ids]);
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.map((id) => byId.get(id));
      },
      { maxBatch: 100, concurrency: 2, key: (id) => id },
    );
  }

  /** undefined when the project does not exist. */
  async get(projectId: string): Promise<SealedSigningSecrets | undefined> {
    const trusted = this.feed.live;
    if (trusted) {
      const hit = this.entries.get(projectId);
      if (hit && hit.validUntil > this.now()) return hit.secrets;
    }
    const epoch = this.epoch;
    const started = this.now();
    const row = await this.reads.submit(projectId);
    if (!row) return undefined;
    const secrets = { sealed: row.signing_secret_sealed, previousSealed: row.previous_signing_secret_sealed };
    if (trusted && this.feed.live && epoch === this.epoch) {
      const previousEnds = row.previous_left_ms === null ? Infinity : started + row.previous_left_ms;
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(projectId, { secrets, validUntil: Math.min(started + this.ttlMs, previousEnds) });
    }
    return secrets;
  }

  evict(projectId: string): void {
    this.epoch += 1;
    this.entries.delete(projectId);
  }

  clear(): void {
    this.epoch += 1;
    this.entries.clear();
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
