import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The analytics deltas move from row triggers to statement triggers with transition tables.
 * Fan-out and the delivery workers write notifications in batches (hundreds of rows per
 * statement), so one grouped insert per statement replaces a plpgsql call and a delta row per
 * notification: the end-to-end bench at fan-out 10 had PostgreSQL busy mostly with those.
 * Transition tables rule out a column list, so the update trigger runs for every update
 * statement and keeps only the rows whose status changed.
 */
export class RollupStatementTriggers1763830000000 implements MigrationInterface {
  name = 'RollupStatementTriggers1763830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER count_event_insert ON events;
      DROP TRIGGER count_notification_insert ON notifications;
      DROP TRIGGER count_notification_update ON notifications;
      DROP FUNCTION count_event_inserted(), count_notification_inserted(), count_notification_updated();

      CREATE FUNCTION count_events_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO count_deltas (project_id, hour, delta)
        SELECT project_id, date_trunc('hour', created_at, 'UTC'), count(*) FROM inserted GROUP BY 1, 2;
        RETURN NULL;
      END $$;

      CREATE FUNCTION count_notifications_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO count_deltas (project_id, hour, channel, status, delta)
        SELECT project_id, date_trunc('hour', created_at, 'UTC'), channel, status, count(*) FROM inserted GROUP BY 1, 2, 3, 4;
        RETURN NULL;
      END $$;

      CREATE FUNCTION count_notifications_updated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO count_deltas (project_id, hour, channel, status, delta)
        SELECT project_id, hour, channel, status, sum(delta) FROM (
          SELECT o.project_id, date_trunc('hour', o.created_at, 'UTC') AS hour, o.channel, o.status, -1 AS delta
            FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.status IS DISTINCT FROM n.status
          UNION ALL
          SELECT n.project_id, date_trunc('hour', n.created_at, 'UTC'), n.channel, n.status, 1
            FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.status IS DISTINCT FROM n.status
        ) changed GROUP BY 1, 2, 3, 4;
        RETURN NULL;
      END $$;

      CREATE TRIGGER count_events_insert AFTER INSERT ON events
        REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION count_events_inserted();
      CREATE TRIGGER count_notifications_insert AFTER INSERT ON notifications
        REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION count_notifications_inserted();
      CREATE TRIGGER count_notifications_update AFTER UPDATE ON notifications
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_notifications_updated();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER count_events_insert ON events;
      DROP TRIGGER count_notifications_insert ON notifications;
      DROP TRIGGER count_notifications_update ON notifications;
      DROP FUNCTION count_events_inserted(), count_notifications_inserted(), count_notifications_updated();

      CREATE FUNCTION count_event_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO count_deltas (project_id, hour, delta) VALUES (NEW.project_id, date_trunc('hour', NEW.created_at, 'UTC'), 1);
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
      CREATE TRIGGER count_event_insert AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION count_event_inserted();
      CREATE TRIGGER count_notification_insert AFTER INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION count_notification_inserted();
      CREATE TRIGGER count_notification_update AFTER UPDATE OF status ON notifications
        FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION count_notification_updated();
    `);
  }
}
