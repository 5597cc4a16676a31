import type { Queryable } from '@herald/db';
import { pageQuery, Where, type Page, type PageRequest } from '../shared/paging';

/** An endpoint as the API shows it: never a secret, sealed or not. */
export interface EndpointView {
  id: string;
  consumer_uid: string;
  url: string;
  description: string | null;
  event_types: string[];
  enabled: boolean;
  disabled_at: string | null;
  disabled_reason: string | null;
  rate_limit_per_second: number | null;
  /** The first failed attempt since the last success; null while it delivers. */
  failing_since: string | null;
  previous_secret_expires_at: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface EndpointFields {
  url?: string;
  description?: string | null;
  event_types?: string[];
  rate_limit_per_second?: number | null;
}

const VIEW = `e.id, c.uid AS consumer_uid, e.url, e.description, e.event_types, e.disabled_at IS NULL AS enabled, e.disabled_at,
  e.disabled_reason, e.rate_limit_per_second, e.failing_since,
  CASE WHEN e.previous_signing_secret_expires_at > now() THEN e.previous_signing_secret_expires_at END AS previous_secret_expires_at,
  e.created_at, e.updated_at`;

/** Every statement names the project and the consumer's uid: an endpoint id alone reaches nothing. */
const OF = `FROM consumer_endpoints e JOIN consumers c ON c.id = e.consumer_id`;
const ONE = `e.project_id = $1 AND c.uid = $2 AND e.id = $3`;

type Row = Omit<EndpointView, 'disabled_at' | 'previous_secret_expires_at' | 'failing_since'> &
  Record<'disabled_at' | 'previous_secret_expires_at' | 'failing_since', Date | null>;

/**
 * The response validator turns a Date into a string only where the schema's type is `string`
 * alone: nullable timestamps go out as ISO strings already (as the API keys area does).
 */
const iso = (d: Date | null) => d && d.toISOString();
const viewOfRow = (r: Row | undefined): EndpointView | undefined =>
  r && {
    ...r,
    disabled_at: iso(r.disabled_at),
    previous_secret_expires_at: iso(r.previous_secret_expires_at),
    failing_since: iso(r.failing_since),
  };

/** A changed row, seen through VIEW. */
const viewOf = (cte: string) => `WITH x AS (${cte}) SELECT ${VIEW.replaceAll('e.', 'x.')} FROM x JOIN consumers c ON c.id = x.consumer_id`;

export class EndpointRepository {
  constructor(private readonly db: Queryable) {}

  async count(consumerId: string): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM consumer_endpoints WHERE consumer_id = $1', [
      consumerId,
    ]);
    return rows[0].n;
  }

  async insert(
    projectId: string,
    consumerId: string,
    f: Required<EndpointFields> & { enabled: boolean },
    sealedSecret: string,
  ): Promise<EndpointView> {
    const { rows } = await this.db.query<Row>(
      viewOf(`INSERT INTO consumer_endpoints (project_id, consumer_id, url, description, event_types, rate_limit_per_second,
                                              disabled_at, disabled_reason, signing_secret_sealed)
              VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7 THEN NULL ELSE now() END, CASE WHEN $7 THEN NULL ELSE 'created disabled' END, $8)
              RETURNING *`),
      [projectId, consumerId, f.url, f.description, f.event_types, f.rate_limit_per_second, f.enabled, sealedSecret],
    );
    return viewOfRow(rows[0]) as EndpointView;
  }

  async find(projectId: string, uid: string, id: string): Promise<EndpointView | undefined> {
    const { rows } = await this.db.query<Row>(`SELECT ${VIEW} ${OF} WHERE ${ONE}`, [projectId, uid, id]);
    return viewOfRow(rows[0]);
  }

  /** Only the fields given change; null clears description and rate limit. */
  async update(projectId: string, uid: string, id: string, f: EndpointFields): Promise<EndpointView | undefined> {
    const { rows } = await this.db.query<Row>(
      viewOf(`UPDATE consumer_endpoints e SET
                url = COALESCE($4, e.url),
                description = CASE WHEN $5 THEN $6 ELSE e.description END,
                event_types = COALESCE($7, e.event_types),
                rate_limit_per_second = CASE WHEN $8 THEN $9::int ELSE e.rate_limit_per_second END,
                updated_at = now()
              FROM consumers c WHERE c.id = e.consumer_id AND ${ONE} RETURNING e.*`),
      [
        projectId,
        uid,
        id,
        f.url ?? null,
        f.description !== undefined,
        f.description ?? null,
        f.event_types ?? null,
        f.rate_limit_per_second !== undefined,
        f.rate_limit_per_second ?? null,
      ],
    );
    return viewOfRow(rows[0]);
  }

  async delete(projectId: string, uid: string, id: string): Promise<boolean> {
    const { rowCount } = await this.db.query(`DELETE FROM consumer_endpoints e USING consumers c WHERE c.id = e.consumer_id AND ${ONE}`, [
      projectId,
      uid,
      id,
    ]);
    return (rowCount ?? 0) > 0;
  }

  async list(projectId: string, uid: string, page: PageRequest): Promise<Page<EndpointView>> {
    const where = new Where(projectId, 'e.project_id = ?').add('c.uid = ?', uid);
    const found = await pageQuery<Row>(this.db, {
      select: VIEW,
      from: OF.replace('FROM ', ''),
      where,
      orderBy: 'e.created_at, e.id',
      page,
    });
    return { ...found, items: found.items.map((r) => viewOfRow(r) as EndpointView) };
  }

  /**
   * As the project's secret rotates (ProjectRepository.rotateSecret): the current secret signs on
   * as the previous one until the grace period ends, and a previous one still in its grace
   * period stops at once (only two sign at a time).
   */
  async rotateSecret(projectId: string, uid: string, id: string, sealed: string, graceSeconds: number): Promise<Date | undefined> {
    const { rows } = await this.db.query<{ previous_expires_at: Date }>(
      `UPDATE consumer_endpoints e
          SET previous_signing_secret_sealed = e.signing_secret_sealed,
              previous_signing_secret_expires_at = now() + make_interval(secs => $5),
              signing_secret_sealed = $4, updated_at = now()
         FROM consumers c WHERE c.id = e.consumer_id AND ${ONE}
       RETURNING e.previous_signing_secret_expires_at AS previous_expires_at`,
      [projectId, uid, id, sealed, graceSeconds],
    );
    return rows[0]?.previous_expires_at;
  }

  /**
   * `reason` null enables; a reason disables (keeping the first time it was disabled). Enabling
   * clears `failing_since`: the endpoint gets a whole period again before Herald disables it.
   */
  async setDisabled(projectId: string, uid: string, id: string, reason: string | null): Promise<EndpointView | undefined> {
    const { rows } = await this.db.query<Row>(
      viewOf(`UPDATE consumer_endpoints e SET
                disabled_at = CASE WHEN $4::text IS NULL THEN NULL ELSE COALESCE(e.disabled_at, now()) END,
                failing_since = CASE WHEN $4::text IS NULL THEN NULL ELSE e.failing_since END,
                disabled_reason = $4, updated_at = now()
              FROM consumers c WHERE c.id = e.consumer_id AND ${ONE} RETURNING e.*`),
      [projectId, uid, id, reason],
    );
    return viewOfRow(rows[0]);
  }

  /** The endpoint's notifications, newest first (the index on endpoint_id, created_at). */
  async deliveries(
    projectId: string,
    endpointId: string,
    status: string | undefined,
    page: PageRequest,
  ): Promise<Page<Record<string, unknown>>> {
    const where = new Where(projectId, 'n.project_id = ?').add('n.endpoint_id = ?', endpointId).add('n.status = ?', status);
    const found = await pageQuery<{ delivered_at: Date | null }>(this.db, {
      select: `n.id, n.event_id, ev.event_type, n.status, n.retry_count, n.last_error, n.delivered_at, n.created_at, n.updated_at`,
      from: 'notifications n JOIN events ev ON ev.id = n.event_id',
      where,
      orderBy: 'n.created_at DESC, n.id DESC',
      page,
    });
    return { ...found, items: found.items.map((r) => ({ ...r, delivered_at: iso(r.delivered_at) })) };
  }
  /** One notification of this endpoint with its attempts (the worker logs status_code and latency_ms per attempt). */
  async delivery(projectId: string, endpointId: string, notificationId: string): Promise<Record<string, unknown> | undefined> {
    const { rows } = await this.db.query<{ delivered_at: Date | null }>(
      `SELECT n.id, n.event_id, ev.event_type, n.status, n.retry_count, n.last_error, n.delivered_at, n.created_at, n.updated_at,
              COALESCE((SELECT json_agg(json_build_object(
                          'attempt', l.attempt, 'status', l.status,
                          'status_code', CASE WHEN jsonb_typeof(l.provider_response->'status_code') = 'number'
                                              THEN (l.provider_response->>'status_code')::int END,
                          'error', l.error,
                          'duration_ms', CASE WHEN jsonb_typeof(l.provider_response->'latency_ms') = 'number'
                                              THEN round((l.provider_response->>'latency_ms')::numeric)::int END,
                          'created_at', l.created_at) ORDER BY l.id)
                          FROM notification_logs l WHERE l.notification_id = n.id), '[]'::json) AS attempts
         FROM notifications n JOIN events ev ON ev.id = n.event_id
        WHERE n.project_id = $1 AND n.endpoint_id = $2 AND n.id = $3`,
      [projectId, endpointId, notificationId],
    );
    const row = rows[0];
    return row && { ...row, delivered_at: iso(row.delivered_at) };
  }
}
