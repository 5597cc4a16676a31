import type { Queryable } from '@herald/db';

/** A send slot of a rate-limited endpoint: how long from now (may be negative: due already), and the spacing. */
export interface SendSlot {
  waitMs: number;
  intervalMs: number;
}

/** The endpoint's schedule and health as the delivery use case needs them (docs/consumers.md). */
export interface EndpointHealthPort {
  /** The endpoint's next send slot, taken from its global schedule; undefined when it has no limit (any more). */
  claimSlot(endpointId: string, projectId: string): Promise<SendSlot | undefined>;
  /** An attempt failed: the endpoint is failing from now on, unless it already was. */
  failed(endpointId: string): Promise<void>;
  /** An attempt succeeded: the endpoint is not failing any more. */
  succeeded(endpointId: string): Promise<void>;
  /**
   * A delivery failed for good: disables the endpoint, with `reason` and a system audit entry,
   * when it has been failing longer than `afterHours`. Resolves true when this call disabled it.
   */
  disableIfFailing(endpointId: string, projectId: string, afterHours: number, reason: string): Promise<boolean>;
}

// clock_timestamp, not now(): a claim that waited for another's row lock gets a slot from when
// it got the lock. An idle endpoint's schedule starts again from now, so an endpoint never gets
// a burst for the time it was idle: sends are spaced by 1/rate, always.
const CLAIM_SLOT = `
UPDATE consumer_endpoints
   SET next_send_at = greatest(next_send_at, clock_timestamp()) + interval '1 second' / rate_limit_per_second
 WHERE id = $1 AND project_id = $2 AND rate_limit_per_second IS NOT NULL
RETURNING extract(epoch FROM next_send_at - clock_timestamp()) * 1000 - 1000.0 / rate_limit_per_second AS wait_ms,
          1000.0 / rate_limit_per_second AS interval_ms`;

// Written only when the state changes: the first failure after a success, the first success after a failure.
const FAILED = `UPDATE consumer_endpoints SET failing_since = now() WHERE id = $1 AND failing_since IS NULL`;
const SUCCEEDED = `UPDATE consumer_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL`;

// Disabled and audited in one statement: the audit entry has no actor (the system acted), and
// records what the API's disable records (the endpoint and its consumer's uid) plus the reason.
const DISABLE_IF_FAILING = `
WITH d AS (
  UPDATE consumer_endpoints e
     SET disabled_at = now(), disabled_reason = $3, updated_at = now()
   WHERE e.id = $1 AND e.project_id = $2 AND e.disabled_at IS NULL
     AND e.failing_since < now() - $4::float8 * interval '1 hour'
  RETURNING e.id, e.project_id, e.consumer_id, e.failing_since
)
INSERT INTO audit_log (project_id, action, metadata)
SELECT d.project_id, 'consumer_endpoint.disabled',
       jsonb_build_object('target_id', d.id, 'uid', c.uid, 'reason', $3::text, 'failing_since', d.failing_since, 'automatic', true)
  FROM d JOIN consumers c ON c.id = d.consumer_id
RETURNING project_id`;

export class EndpointHealthRepository implements EndpointHealthPort {
  constructor(private readonly db: Queryable) {}

  async claimSlot(endpointId: string, projectId: string): Promise<SendSlot | undefined> {
    const { rows } = await this.db.query<{ wait_ms: string; interval_ms: string }>(CLAIM_SLOT, [endpointId, projectId]);
    const row = rows[0];
    return row && { waitMs: Number(row.wait_ms), intervalMs: Number(row.interval_ms) };
  }

  async failed(endpointId: string): Promise<void> {
    await this.db.query(FAILED, [endpointId]);
  }

  async succeeded(endpointId: string): Promise<void> {
    await this.db.query(SUCCEEDED, [endpointId]);
  }

  async disableIfFailing(endpointId: string, projectId: string, afterHours: number, reason: string): Promise<boolean> {
    const { rowCount } = await this.db.query(DISABLE_IF_FAILING, [endpointId, projectId, reason, afterHours]);
    return (rowCount ?? 0) > 0;
  }
}
