import { CacheEvictionListener, type Queryable, type Sql } from '@herald/db';
import type { Logger } from '@herald/logger';
import type { EndpointState } from '../domain/delivery-provider.port';
import { FeedCheckedCache } from './feed-checked-cache';
import type { SealedSigningSecrets } from './signing-secrets.source';

/**
 * The channel the `consumer_endpoints` trigger notifies with an endpoint's id when what a
 * delivery reads of it changes (migration 1764220000000).
 */
export const CONSUMER_ENDPOINT_CHANGED_CHANNEL = 'herald_consumer_endpoint_changed';

/** What a delivery to a consumer endpoint needs of it: its project, its sealed secrets and its state. */
export interface EndpointSnapshot {
  projectId: string;
  secrets: SealedSigningSecrets;
  state: EndpointState;
}

/** Where a first attempt to a consumer endpoint that skips the notification read gets its endpoint. */
export interface EndpointStatesPort {
  get(endpointId: string): Promise<EndpointSnapshot | undefined>;
}

// The secrets under exactly FIND_FOR_DELIVERY's rule for an endpoint's notification, and how long
// the previous one has left by PostgreSQL's clock, so a cached entry ends no later than it does.
const FIND_ENDPOINTS: Sql = {
  name: 'delivery.find-consumer-endpoints',
  text: `
SELECT id, project_id, signing_secret_sealed,
       CASE WHEN previous_signing_secret_expires_at > now() THEN previous_signing_secret_sealed END AS previous_signing_secret_sealed,
       CASE WHEN previous_signing_secret_expires_at > now()
            THEN extract(epoch FROM previous_signing_secret_expires_at - now()) * 1000 END::float8 AS previous_left_ms,
       rate_limit_per_second, disabled_at IS NOT NULL AS disabled, failing_since IS NOT NULL AS failing
  FROM consumer_endpoints WHERE id = ANY($1::uuid[])`,
};

interface Row {
  id: string;
  project_id: string;
  signing_secret_sealed: string;
  previous_signing_secret_sealed: string | null;
  previous_left_ms: number | null;
  rate_limit_per_second: number | null;
  disabled: boolean;
  failing: boolean;
}

/**
 * Consumer endpoints by id, cached while the `consumer_endpoints` trigger's change feed is live
 * (FeedCheckedCache): a rotation, a new limit, a disable or a change of health drops the entry at
 * once. An entry holding a previous secret ends when its grace period does.
 */
export class EndpointStatesSource extends FeedCheckedCache<EndpointSnapshot> implements EndpointStatesPort {
  constructor(db: Queryable, feed: { readonly live: boolean }, ttlMs = 60_000, now: () => number = Date.now) {
    super(
      async (ids) => {
        const { rows } = await db.query<Row>(FIND_ENDPOINTS, [ids]);
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.map((id) => {
          const row = byId.get(id);
          if (!row) return undefined;
          const value: EndpointSnapshot = {
            projectId: row.project_id,
            secrets: { sealed: row.signing_secret_sealed, previousSealed: row.previous_signing_secret_sealed },
            state: { rateLimitPerSecond: row.rate_limit_per_second, disabled: row.disabled, failing: row.failing },
          };
          return { value, validForMs: Math.min(ttlMs, row.previous_left_ms ?? Infinity) };
        });
      },
      feed,
      now,
    );
  }
}

/** Keeps an EndpointStatesSource honest: LISTENs for endpoint changes on a connection of its own. */
export function endpointChanges(databaseUrl: string, logger: Logger, applicationName = 'herald-endpoint-changes') {
  return new CacheEvictionListener<EndpointStatesSource>({
    url: databaseUrl,
    channel: CONSUMER_ENDPOINT_CHANGED_CHANNEL,
    applicationName,
    what: 'consumer endpoint',
    logger,
  });
}
