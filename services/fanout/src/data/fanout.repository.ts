import type { Channel } from '@herald/contracts';
import { eventStatusSql, newRowId, type Database, type Sql } from '@herald/db';
import type { CreatedNotifications, EndedAtFanOut, FanOutPlan, PendingNotification, StoredEvent } from '../domain/fan-out.model';

/** These run for every event, a batch of events at a time; planned once on fan-out's pool (KEYED_PLANS, see Sql). */
export const LOAD_EVENTS: Sql = {
  name: 'fanout-load-events',
  keyed: true,
  text: `SELECT e.id, e.project_id, e.event_type, e.priority, e.payload, e.created_at, e.recipients, e.content,
                COALESCE((SELECT json_agg(t) FROM (
                  SELECT id, channel, subject, body, text_body, from_local, from_name, reply_to, headers, on_missing_variable, category
                    FROM templates
                   WHERE project_id = e.project_id
                     AND (id = (e.content->>'template_id')::uuid OR name = e.content->>'template_name')) t), '[]'::json) AS templates,
                -- Only an event with a consumer recipient looks its endpoints up (the CASE skips the rest).
                CASE WHEN jsonb_path_exists(e.recipients, '$[*].consumer') THEN COALESCE((SELECT json_agg(json_build_object(
                         'id', ce.id, 'consumer', c.uid, 'url', ce.url, 'event_types', ce.event_types) ORDER BY ce.created_at, ce.id)
                    FROM consumers c
                    -- Per consumer (OFFSET 0 keeps the subquery its own), so that even a plan kept
                    -- from a nearly empty table reaches endpoints by consumer (see KEYED_PLANS).
                    CROSS JOIN LATERAL (SELECT * FROM consumer_endpoints ce
                                         WHERE ce.consumer_id = c.id AND ce.disabled_at IS NULL OFFSET 0) ce
                   WHERE c.project_id = e.project_id
                     AND c.uid IN (SELECT r->>'consumer' FROM jsonb_array_elements(e.recipients) r)), '[]'::json)
                ELSE '[]'::json END AS endpoints
           FROM events e WHERE e.id = ANY($1::uuid[])`,
};

/**
 * One statement, so one implicit transaction, for several events: each event's rendered content
 * is stored once per channel (a redelivery keeps what was stored first), suppressed recipients
 * are decided against the suppression list (one of every category, or one of the content's own
 * category: a transactional notification has none, so only the first kind skips it), notifications inserted (the unique (event_id,
 * recipient_index, channel) index makes a redelivered message insert nothing), each event's
 * counters and status move by what was actually inserted for it, and the sendable new
 * notifications come back to be queued, with how many ended at once (failed, suppressed) per
 * channel, plus one marker row per event that got any. Workers
 * only see a notification after this commits, so its content is always there.
 *
 * Notification ids ($16) are made here, time-ordered (newRowId), not by the column's random
 * default: every insert then lands at the right edge of the primary key.
 *
 * The batch's distinct event ids ($12) give the events UPDATE an index condition of the real
 * size: joined to the per-event counts alone (estimated at one group per planned row), it
 * hash-joined a sequential scan of the whole events table, 7 of a 15 ms statement at 3,300 events.
 *
 * Notifications have no foreign key to their event (it checked every inserted row, ~11% of this
 * statement; migration 1764070000000): `live` takes the lock that key took, once per
 * event, and only events still there get contents and notifications. An event deleted meanwhile
 * (its project, retention) gets none, and a delete that comes after waits for this commit and
 * then takes the notifications with it (a trigger on events).
 *
 * Intake counted one notification per recipient and channel; a consumer recipient's webhook is
 * one per subscribed endpoint, maybe none, so each event's `notification_count` becomes what was
 * planned for it ($14, per event of $12), and its status follows from that total. An event whose
 * plan is empty (a consumer with no endpoint for its type) completes at once. A consumer's
 * notification comes back with its endpoint's id: its first delivery message carries it in its
 * target, and the worker signs with that endpoint's (cached) secret.
 */
export const CREATE_NOTIFICATIONS: Sql = {
  name: 'fanout-create-notifications',
  keyed: true,
  text: `WITH live AS (
           SELECT id FROM events WHERE id = ANY($12::uuid[]) FOR KEY SHARE
         ), planned AS (
           SELECT p.* FROM unnest($16::uuid[], $1::uuid[], $2::uuid[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $13::uuid[], $15::text[])
             AS p(id, project_id, event_id, recipient_index, channel, recipient, user_id, status, last_error, endpoint_id, category)
            WHERE p.event_id IN (SELECT id FROM live)
         ), contents AS (
           INSERT INTO event_contents (event_id, channel, content)
           SELECT c.* FROM unnest($9::uuid[], $10::text[], $11::jsonb[]) AS c(event_id, channel, content)
            WHERE c.event_id IN (SELECT id FROM live)
           ON CONFLICT (event_id, channel) DO NOTHING
         ), inserted AS (
           INSERT INTO notifications (id, project_id, event_id, recipient_index, channel, recipient, user_id, status, last_error, endpoint_id)
           SELECT p.id, p.project_id, p.event_id, p.recipient_index, p.channel, p.recipient, p.user_id,
                  CASE WHEN s.reason IS NULL THEN p.status ELSE 'suppressed' END,
                  CASE WHEN s.reason IS NULL THEN p.last_error
                       ELSE 'the recipient is suppressed (' || s.reason || COALESCE(' from category ' || s.category, '') || ')' END,
                  p.endpoint_id
             FROM planned p
             LEFT JOIN LATERAL (
               SELECT s.reason, s.category FROM suppressions s
                WHERE s.project_id = p.project_id AND s.channel = p.channel AND s.recipient = p.recipient
                  AND (s.category IS NULL OR s.category = p.category)
                ORDER BY s.category NULLS FIRST LIMIT 1
             ) s ON true
           ON CONFLICT (event_id, recipient_index, channel, endpoint_id) DO NOTHING
           RETURNING id, event_id, channel, status, recipient, endpoint_id
         ), totals AS (
           SELECT t.* FROM unnest($12::uuid[], $14::int[]) AS t(event_id, total) WHERE t.event_id IN (SELECT id FROM live)
         ), counts AS (
           SELECT t.event_id, t.total,
                  count(i.id)::int AS inserted,
                  count(i.id) FILTER (WHERE i.status = 'failed')::int AS failed,
                  count(i.id) FILTER (WHERE i.status = 'suppressed')::int AS suppressed
             FROM totals t LEFT JOIN inserted i ON i.event_id = t.event_id
            GROUP BY t.event_id, t.total
         ), moved AS (
           UPDATE events e SET
             notification_count = c.total,
             failed_count = e.failed_count + c.failed,
             suppressed_count = e.suppressed_count + c.suppressed,
             has_failures = e.has_failures OR c.failed > 0,
             status = ${eventStatusSql({
               delivered: 'e.delivered_count',
               failed: 'e.failed_count + c.failed',
               suppressed: 'e.suppressed_count + c.suppressed',
               total: 'c.total',
               whileOpen: "'processing'",
             })},
             updated_at = now()
             FROM counts c
            WHERE e.id = c.event_id AND e.id = ANY($12::uuid[]) AND (c.inserted > 0 OR e.notification_count <> c.total)
         )
         SELECT event_id, id, channel, NULL AS status, NULL::int AS n, recipient, endpoint_id
           FROM inserted WHERE status = 'processing'
         UNION ALL SELECT event_id, NULL, channel, status, count(*)::int, NULL, NULL FROM inserted WHERE status <> 'processing'
                    GROUP BY event_id, channel, status
         UNION ALL SELECT event_id, NULL, NULL, NULL, NULL, NULL, NULL FROM counts WHERE inserted > 0`,
};

/**
 * Ends an event fan-out gave up on. Not yet fanned out: `failed` with the reason. Fanned out but
 * some notifications never attempted (their delivery may never have been queued): those fail
 * with the reason and the event settles like any other. Anything else is left as it is.
 */
const FAIL_EVENT = `
WITH locked AS (
  SELECT id FROM events WHERE id = $1 AND status IN ('accepted', 'processing') FOR UPDATE
), unsent AS (
  UPDATE notifications n SET status = 'failed', last_error = $2, updated_at = now()
    FROM locked
   WHERE n.event_id = locked.id AND n.status = 'processing'
     AND NOT EXISTS (SELECT 1 FROM notification_logs l WHERE l.notification_id = n.id)
  RETURNING n.id, n.channel
), c AS (SELECT count(*)::int AS k FROM unsent)
UPDATE events e SET
  failed_count = e.failed_count + c.k,
  has_failures = true,
  failure_reason = $2,
  status = CASE WHEN e.status = 'accepted' THEN 'failed' ELSE ${eventStatusSql({
    delivered: 'e.delivered_count',
    failed: 'e.failed_count + c.k',
    suppressed: 'e.suppressed_count',
    total: 'e.notification_count',
    whileOpen: 'e.status',
  })} END,
  updated_at = now()
  FROM locked, c
 WHERE e.id = locked.id AND (e.status = 'accepted' OR c.k > 0)
RETURNING e.status,
          (SELECT coalesce(json_object_agg(channel, k), '{}') FROM (SELECT channel, count(*)::int AS k FROM unsent GROUP BY channel) u) AS failed_by_channel`;

export interface EventNotifications extends FanOutPlan {
  event: StoredEvent;
}

export class FanoutRepository {
  constructor(private readonly db: Database) {}

  async loadEvents(ids: string[]): Promise<Array<StoredEvent | undefined>> {
    const { rows } = await this.db.query<StoredEvent>(LOAD_EVENTS, [ids]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id));
  }

  /** Per event: what it created, or undefined when it had been fanned out before. */
  async createNotifications(batch: EventNotifications[]): Promise<Array<CreatedNotifications | undefined>> {
    const rows = batch.flatMap(({ event, notifications }) => notifications.map((n) => ({ event, n })));
    const contents = batch.flatMap(({ event, contents }) => contents.map((c) => ({ event, c })));
    // Each distinct event with the number of notifications planned for it.
    const totals = new Map(batch.map(({ event, notifications }) => [event.id, notifications.length]));
    const result = await this.db.query<{
      event_id: string;
      id: string | null;
      channel: Channel | null;
      status: EndedAtFanOut['status'] | null;
      n: number | null;
      recipient: string | null;
      endpoint_id: string | null;
    }>(CREATE_NOTIFICATIONS, [
      rows.map(({ event }) => event.project_id),
      rows.map(({ event }) => event.id),
      rows.map(({ n }) => n.recipientIndex),
      rows.map(({ n }) => n.channel),
      rows.map(({ n }) => n.recipient),
      rows.map(({ n }) => n.userId ?? null),
      rows.map(({ n }) => n.status),
      rows.map(({ n }) => n.lastError),
      contents.map(({ event }) => event.id),
      contents.map(({ c }) => c.channel),
      contents.map(({ c }) => JSON.stringify(c.content)),
      [...totals.keys()],
      rows.map(({ n }) => n.endpointId ?? null),
      [...totals.values()],
      rows.map(({ n }) => n.category),
      rows.map(() => newRowId()),
    ]);
    const created = new Map<string, CreatedNotifications>();
    for (const r of result.rows) {
      let entry = created.get(r.event_id);
      if (!entry) created.set(r.event_id, (entry = { pending: [], ended: [] }));
      if (r.id !== null && r.channel !== null) {
        entry.pending.push({
          id: r.id,
          channel: r.channel,
          recipient: r.recipient ?? undefined,
          ...(r.endpoint_id === null ? {} : { endpointId: r.endpoint_id }),
        });
      } else if (r.status !== null && r.channel !== null) entry.ended.push({ channel: r.channel, status: r.status, count: r.n ?? 0 });
    }
    return batch.map(({ event }) => created.get(event.id));
  }

  /**
   * See FAIL_EVENT; resolves the event's new status and how many unsent notifications it failed
   * per channel, or undefined when nothing changed.
   */
  async failEvent(
    eventId: string,
    reason: string,
  ): Promise<{ status: string; failedByChannel: Partial<Record<Channel, number>> } | undefined> {
    const { rows } = await this.db.query<{ status: string; failed_by_channel: Partial<Record<Channel, number>> }>(FAIL_EVENT, [
      eventId,
      reason,
    ]);
    return rows[0] && { status: rows[0].status, failedByChannel: rows[0].failed_by_channel };
  }

  /**
   * Notifications not yet attempted. After a crash between commit and publish, the redelivered
   * event message republishes exactly these; workers skip any that finished meanwhile.
   */
  async pendingNotifications(eventId: string): Promise<PendingNotification[]> {
    const { rows } = await this.db.query<PendingNotification>(
      `SELECT n.id, n.channel FROM notifications n
        WHERE n.event_id = $1 AND n.status = 'processing'
          AND NOT EXISTS (SELECT 1 FROM notification_logs l WHERE l.notification_id = n.id)
        ORDER BY n.recipient_index, n.channel`,
      [eventId],
    );
    return rows;
  }
}
