import type { DeliveryMessage, NotificationContent, NotificationStatus } from '@herald/contracts';
import { eventStatusSql, failureReasonSql, type Queryable, type Sql } from '@herald/db';
import type { AttachmentRef, DeliveryTarget, ProviderResponse, SuppressionReason } from '../domain/delivery-provider.port';

export interface DeliveryKey {
  notificationId: string;
  projectId: string;
}

export interface AttemptRecord {
  notificationId: string;
  attempt: number;
  status: 'delivered' | 'retrying' | 'failed';
  retryCount: number;
  error: string | null;
  providerResponse: ProviderResponse;
  /** The backoff drawn for the retry that follows (status `retrying`): the log keeps when it is due. */
  retryDelayMs?: number;
  /** Present when the notification fails for good: opens the dead-letter record. */
  deadLetter?: { errorType: 'permanent_failure' | 'retries_exhausted'; message: DeliveryMessage };
  /** Suppresses the notification's recipient (source system), in the same statement as the record. */
  suppress?: SuppressionReason;
}

// Scoped by project as well as id: a message can only ever use its own project's secret and content.
// Payload (webhooks only) and rendered content (email, sms) are the large columns and the same
// for every notification of an event and channel: a batch returns them on the first row of each
// (event, channel) only, so 100 deliveries of one event read and parse them once.
const FIND_FOR_DELIVERY = `
SELECT n.id, n.event_id, n.channel, n.status, n.retry_count, n.recipient, e.event_type, e.attachments, e.created_at AS accepted_at,
       -- A consumer endpoint's notification is signed with the endpoint's secret (NULL once the endpoint
       -- is deleted: nothing may sign for it then), any other with the project's.
       CASE WHEN n.endpoint_id IS NULL THEN p.signing_secret_sealed ELSE ce.signing_secret_sealed END AS signing_secret_sealed,
       -- A rotated-out secret signs too until its grace period ends (webhook receivers holding either verify).
       CASE WHEN n.endpoint_id IS NULL THEN
              CASE WHEN p.previous_signing_secret_expires_at > now() THEN p.previous_signing_secret_sealed END
            WHEN ce.previous_signing_secret_expires_at > now() THEN ce.previous_signing_secret_sealed END AS previous_signing_secret_sealed,
       n.endpoint_id, ce.rate_limit_per_second, ce.disabled_at IS NOT NULL AS endpoint_disabled,
       ce.failing_since IS NOT NULL AS endpoint_failing,
       CASE WHEN n.is_first AND n.channel = 'webhook' THEN e.payload END AS payload,
       CASE WHEN n.is_first THEN c.content END AS content
  FROM (SELECT n.*, row_number() OVER (PARTITION BY n.event_id, n.channel) = 1 AS is_first
          FROM unnest($1::uuid[], $2::uuid[]) AS k(id, project_id)
          JOIN notifications n ON n.id = k.id AND n.project_id = k.project_id) n
  JOIN events e ON e.id = n.event_id
  JOIN projects p ON p.id = n.project_id
  LEFT JOIN consumer_endpoints ce ON ce.id = n.endpoint_id AND ce.project_id = n.project_id
  LEFT JOIN event_contents c ON c.event_id = n.event_id AND c.channel = n.channel`;

// One statement records a whole batch of attempts, so a crash never leaves half a record. Every
// later step hangs off the notification UPDATE, which matches only rows the attempt may still
// change (not terminal, and not already past this attempt with a retry scheduled): a redelivered
// or concurrent attempt changes nothing, so its log, event counters, dead letter and suppression
// move once. A suppression that exists already is left as it is (the client's reason wins).
// The ids again as an array ($2) let the planner reach the batch's rows through the primary key:
// joined to jsonb_to_recordset alone (estimated at 100 rows, whatever the batch) it hash-joined a
// sequential scan of the whole table whenever that looked cheaper, and a plan cached while the
// table was small kept doing so as it grew (measured: 4.8 ms per call instead of ~1 ms).
export const RECORD_ATTEMPTS: Sql = {
  name: 'delivery-record-attempts',
  keyed: true,
  text: `
WITH input AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(
    notification_id uuid, attempt int, status text, retry_count int, error text,
    provider_response jsonb, retry_delay_ms bigint, error_type text, message jsonb, suppress text)
), n AS (
  UPDATE notifications x
     SET status = i.status,
         retry_count = i.retry_count,
         last_error = i.error,
         delivered_at = CASE WHEN i.status = 'delivered' THEN now() ELSE x.delivered_at END,
         updated_at = now()
    FROM input i
   WHERE x.id = i.notification_id
     AND x.id = ANY($2::uuid[])
     AND x.status NOT IN ('delivered', 'failed', 'suppressed')
     AND NOT (x.status = 'retrying' AND x.retry_count >= i.attempt)
  RETURNING x.id, x.project_id, x.event_id, x.channel, x.recipient, x.status, x.retry_count,
            i.attempt, i.provider_response, i.error, i.retry_delay_ms, i.error_type, i.message, i.suppress
), log AS (
  INSERT INTO notification_logs (notification_id, attempt, status, provider_response, error, next_retry_at)
  SELECT id, attempt, status, provider_response, error, now() + retry_delay_ms * interval '1 millisecond' FROM n
), done AS (
  SELECT event_id,
         count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
         count(*) FILTER (WHERE status = 'failed')::int AS failed
    FROM n WHERE status IN ('delivered', 'failed')
   GROUP BY event_id
), ev AS (
  UPDATE events e
     SET delivered_count = e.delivered_count + d.delivered,
         failed_count = e.failed_count + d.failed,
         has_failures = e.has_failures OR d.failed > 0,
         status = ${eventStatusSql({
           delivered: 'e.delivered_count + d.delivered',
           failed: 'e.failed_count + d.failed',
           suppressed: 'e.suppressed_count',
           total: 'e.notification_count',
           whileOpen: 'e.status',
         })},
         updated_at = now()
    FROM done d
   -- The ids again as an array: a plan kept from a nearly empty events table still probes its key.
   WHERE e.id = d.event_id AND e.id = ANY(ARRAY(SELECT event_id FROM done))
), dl AS (
  INSERT INTO dead_letters (project_id, notification_id, channel, recipient, retry_count, status, error_type, error_message, message)
  SELECT project_id, id, channel, recipient, retry_count, 'active', error_type, error, message
    FROM n WHERE status = 'failed' AND error_type IS NOT NULL
  ON CONFLICT (notification_id) WHERE status = 'active' DO NOTHING
), sup AS (
  INSERT INTO suppressions (project_id, channel, recipient, reason, source)
  SELECT project_id, channel, recipient, suppress, 'system' FROM n WHERE suppress IS NOT NULL
  ON CONFLICT (project_id, channel, recipient, category) DO NOTHING
)
SELECT id FROM n`,
};

// A first attempt sent from its message (no read) may find its notification `failed` by fan-out
// giving up on the event (FAIL_EVENT in the fan-out repository): fan-out fails every notification
// with no recorded attempt, not knowing which deliveries it had queued before it crashed. The
// receiver did get this one, so it becomes delivered and the event's counters move with it. Only
// a notification no attempt was ever recorded for qualifies: one a worker failed stays failed.
const RECORD_DELIVERED_AFTER_GIVE_UP = `
WITH n AS (
  UPDATE notifications x
     SET status = 'delivered', last_error = NULL, delivered_at = now(), updated_at = now()
   WHERE x.id = $1 AND x.status = 'failed'
     AND NOT EXISTS (SELECT 1 FROM notification_logs l WHERE l.notification_id = x.id)
  RETURNING x.id, x.event_id
), log AS (
  INSERT INTO notification_logs (notification_id, attempt, status, provider_response, error)
  SELECT id, $2, 'delivered', $3::jsonb, NULL FROM n
), ev AS (
  UPDATE events e
     SET delivered_count = e.delivered_count + 1,
         failed_count = GREATEST(e.failed_count - 1, 0),
         -- As a dead-letter replay does: the flag follows the failures left.
         has_failures = e.failed_count - 1 > 0,
         failure_reason = ${failureReasonSql('e.failed_count - 1')},
         status = ${eventStatusSql({
           delivered: 'e.delivered_count + 1',
           failed: 'GREATEST(e.failed_count - 1, 0)',
           suppressed: 'e.suppressed_count',
           total: 'e.notification_count',
           whileOpen: 'e.status',
         })},
         updated_at = now()
    FROM n
   WHERE e.id = n.event_id
)
SELECT id FROM n`;

/** PostgreSQL text and jsonb cannot hold NUL; receivers' bodies and socket errors sometimes do. */
const clean = (s: string | null): string | null => (s === null ? null : s.split('\u0000').join(''));

function cleanResponse(response: ProviderResponse): ProviderResponse {
  return Object.fromEntries(Object.entries(response).map(([k, v]) => [k, typeof v === 'string' ? clean(v) : v]));
}

interface TargetRow {
  id: string;
  event_id: string;
  channel: string;
  status: NotificationStatus;
  retry_count: number;
  recipient: string;
  event_type: string;
  accepted_at: Date;
  /** Only on the first row of each event (see FIND_FOR_DELIVERY). */
  payload: Record<string, unknown> | null;
  content: NotificationContent | null;
  attachments: AttachmentRef[] | null;
  signing_secret_sealed: string | null;
  previous_signing_secret_sealed: string | null;
  endpoint_id: string | null;
  /** The endpoint's, null for `webhook_url` and for an endpoint deleted since. */
  rate_limit_per_second: number | null;
  endpoint_disabled: boolean | null;
  endpoint_failing: boolean | null;
}

/** The workers' only reads and writes, in batches: one status read before an attempt, one record after it. */
export class NotificationRepository {
  constructor(private readonly db: Queryable) {}

  /** One result per key, in key order; undefined where the notification does not exist (in that project). */
  async findForDelivery(keys: DeliveryKey[]): Promise<(DeliveryTarget | undefined)[]> {
    const { rows } = await this.db.query<TargetRow>(FIND_FOR_DELIVERY, [keys.map((k) => k.notificationId), keys.map((k) => k.projectId)]);
    // Every row of an event and channel shares the first row's payload and content objects.
    const group = (r: TargetRow) => `${r.event_id}/${r.channel}`;
    const shared = new Map<string, TargetRow>();
    for (const r of rows) if (r.payload !== null || r.content !== null) shared.set(group(r), r);
    const byId = new Map(
      rows.map((r): [string, DeliveryTarget] => [
        r.id,
        {
          status: r.status,
          retryCount: r.retry_count,
          recipient: r.recipient,
          eventType: r.event_type,
          acceptedAt: r.accepted_at,
          payload: shared.get(group(r))?.payload ?? null,
          content: shared.get(group(r))?.content ?? null,
          attachments: r.attachments ?? [],
          sealedSecret: r.signing_secret_sealed,
          previousSealedSecret: r.previous_signing_secret_sealed,
          ...(r.endpoint_id === null ? {} : { endpointId: r.endpoint_id }),
          ...(r.endpoint_id === null || r.endpoint_disabled === null
            ? {}
            : {
                endpoint: {
                  rateLimitPerSecond: r.rate_limit_per_second,
                  disabled: r.endpoint_disabled,
                  failing: r.endpoint_failing === true,
                },
              }),
        },
      ]),
    );
    return keys.map((k) => byId.get(k.notificationId));
  }

  /**
   * One result per record, in order: false when another attempt got there first (terminal, or
   * retry already scheduled), so its caller must not follow up. A notification appears at most
   * once per call: a statement cannot update the same row twice.
   */
  async recordAttempts(records: AttemptRecord[]): Promise<boolean[]> {
    const input = records.map((r) => ({
      notification_id: r.notificationId,
      attempt: r.attempt,
      status: r.status,
      retry_count: r.retryCount,
      error: clean(r.error),
      provider_response: cleanResponse(r.providerResponse),
      retry_delay_ms: r.retryDelayMs ?? null,
      error_type: r.deadLetter?.errorType ?? null,
      message: r.deadLetter?.message ?? null,
      suppress: r.suppress ?? null,
    }));
    const { rows } = await this.db.query<{ id: string }>(RECORD_ATTEMPTS, [JSON.stringify(input), records.map((r) => r.notificationId)]);
    const recorded = new Set(rows.map((r) => r.id));
    return records.map((r) => recorded.has(r.notificationId));
  }

  /** See RECORD_DELIVERED_AFTER_GIVE_UP: false unless fan-out's give-up had failed this notification. */
  async recordDeliveredAfterGiveUp(record: AttemptRecord): Promise<boolean> {
    const { rowCount } = await this.db.query(RECORD_DELIVERED_AFTER_GIVE_UP, [
      record.notificationId,
      record.attempt,
      JSON.stringify(cleanResponse(record.providerResponse)),
    ]);
    return rowCount === 1;
  }
}
