import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Retention (issue 12): the scheduler deletes finished events older than RETENTION_DAYS with
 * everything hanging off them. Analytics are rollups that must outlive the raw rows, so the
 * delete triggers (which take deleted rows out of the counts, as deleting a project should) skip
 * deletes made with `SET LOCAL herald.retention = 'on'`. An index on events(created_at) lets the
 * job find old rows across projects without scanning the table.
 */
export class Retention1764010000000 implements MigrationInterface {
  name = 'Retention1764010000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION count_events_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('herald.retention', true) = 'on' THEN RETURN NULL; END IF;
        INSERT INTO count_deltas (project_id, hour, delta)
        SELECT project_id, date_trunc('hour', created_at, 'UTC'), -count(*) FROM deleted GROUP BY 1, 2;
        RETURN NULL;
      END $$;
      CREATE OR REPLACE FUNCTION count_notifications_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('herald.retention', true) = 'on' THEN RETURN NULL; END IF;
        INSERT INTO count_deltas (project_id, hour, channel, status, delta)
        SELECT project_id, date_trunc('hour', created_at, 'UTC'), channel, status, -count(*) FROM deleted GROUP BY 1, 2, 3, 4;
        RETURN NULL;
      END $$;
      CREATE INDEX events_created_at ON events (created_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX events_created_at;
      CREATE OR REPLACE FUNCTION count_events_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO count_deltas (project_id, hour, delta)
        SELECT project_id, date_trunc('hour', created_at, 'UTC'), -count(*) FROM deleted GROUP BY 1, 2;
        RETURN NULL;
      END $$;
      CREATE OR REPLACE FUNCTION count_notifications_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO count_deltas (project_id, hour, channel, status, delta)
        SELECT project_id, date_trunc('hour', created_at, 'UTC'), channel, status, -count(*) FROM deleted GROUP BY 1, 2, 3, 4;
        RETURN NULL;
      END $$;
    `);
  }
}
