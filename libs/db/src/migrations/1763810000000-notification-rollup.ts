import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hourly counts for analytics: events per project, notifications per project, channel and
 * status. A month of analytics then reads a few thousand rollup rows instead of every row.
 *
 * Row triggers append +1/-1 rows to count_deltas: append-only and unindexed, so concurrent
 * writers never wait on a shared counter row. Every api process folds the deltas into the hourly
 * tables every few seconds (one at a time, under an advisory lock). Hours are UTC
 * (date_trunc with the 'UTC' zone) whatever the session time zone.
 *
 * Row-level triggers with a WHEN filter: measured at about 5-10% on a bare single-row update,
 * where a statement-level trigger with transition tables cost about 38%. Deletes (project
 * cascades) are rare and bulky, so they are counted per statement.
 */
export class NotificationRollup1763810000000 implements MigrationInterface {
  name = 'NotificationRollup1763810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE event_counts_hourly (
        project_id uuid NOT NULL,
        hour timestamptz NOT NULL,
        events bigint NOT NULL,
        PRIMARY KEY (project_id, hour)
      );
      CREATE TABLE notification_counts_hourly (
        project_id uuid NOT NULL,
        hour timestamptz NOT NULL,
        channel text NOT NULL,
        status text NOT NULL,
        notifications bigint NOT NULL,
        PRIMARY KEY (project_id, hour, channel, status)
      );
      -- channel and status are null on an event's row.
      CREATE TABLE count_deltas (
        project_id uuid NOT NULL,
        hour timestamptz NOT NULL,
        channel text,
        status text,
        delta integer NOT NULL
      );

      CREATE FUNCTION count_event_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO count_deltas (project_id, hour, delta) VALUES (NEW.project_id, date_trunc('hour', NEW.created_at, 'UTC'), 1);
        RETURN NULL;
      END $$;

      CREATE FUNCTION count_events_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO count_deltas (project_id, hour, delta)
        SELECT project_id, date_trunc('hour', created_at, 'UTC'), -count(*) FROM deleted GROUP BY 1, 2;
        RETURN NULL;
      END $$;

      CREATE FUNCTION count_notification_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO count_deltas (project_id, hour, channel, status, delta)
        VALUES (NEW.project_id, date_trunc('hour', NEW.created_at, 'UTC'), NEW.channel, NEW.status, 1);
        RETURN NULL;
      END $$;

      CREATE FUNCTION count_notification_updated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO count_deltas (project_id, hour, channel, status, delta)
        VALUES (OLD.project_id, date_trunc('hour', OLD.created_at, 'UTC'), OLD.channel, OLD.status, -1),
               (NEW.project_id, date_trunc('hour', NEW.created_at, 'UTC'), NEW.channel, NEW.status, 1);
        RETURN NULL;
      END $$;

      CREATE FUNCTION count_notifications_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO count_deltas (project_id, hour, channel, status, delta)
        SELECT project_id, date_trunc('hour', created_at, 'UTC'), channel, status, -count(*) FROM deleted GROUP BY 1, 2, 3, 4;
        RETURN NULL;
      END $$;

      CREATE TRIGGER count_event_insert AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION count_event_inserted();
      CREATE TRIGGER count_events_delete AFTER DELETE ON events
        REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION count_events_deleted();
      CREATE TRIGGER count_notification_insert AFTER INSERT ON notifications
        FOR EACH ROW EXECUTE FUNCTION count_notification_inserted();
      -- Channel, project and created_at never change; status is what moves a notification between counts.
      CREATE TRIGGER count_notification_update AFTER UPDATE OF status ON notifications
        FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION count_notification_updated();
      CREATE TRIGGER count_notifications_delete AFTER DELETE ON notifications
        REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION count_notifications_deleted();

      -- What exists already.
      INSERT INTO event_counts_hourly (project_id, hour, events)
      SELECT project_id, date_trunc('hour', created_at, 'UTC'), count(*) FROM events GROUP BY 1, 2;
      INSERT INTO notification_counts_hourly (project_id, hour, channel, status, notifications)
      SELECT project_id, date_trunc('hour', created_at, 'UTC'), channel, status, count(*) FROM notifications GROUP BY 1, 2, 3, 4;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER count_event_insert ON events;
      DROP TRIGGER count_events_delete ON events;
      DROP TRIGGER count_notification_insert ON notifications;
      DROP TRIGGER count_notification_update ON notifications;
      DROP TRIGGER count_notifications_delete ON notifications;
      DROP FUNCTION count_event_inserted(), count_events_deleted(), count_notification_inserted(), count_notification_updated(),
        count_notifications_deleted();
      DROP TABLE count_deltas, notification_counts_hourly, event_counts_hourly;
    `);
  }
}
