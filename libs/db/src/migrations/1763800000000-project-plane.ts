import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Scheduled events, audit log, hourly usage, and the indexes behind the dead-letter replay and analytics. */
export class ProjectPlane1763800000000 implements MigrationInterface {
  name = 'ProjectPlane1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE scheduled_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        api_key_id uuid NOT NULL,
        event_type text NOT NULL,
        priority text NOT NULL DEFAULT 'medium' CHECK (priority IN ('high', 'medium', 'low')),
        scheduled_for timestamptz NOT NULL,
        -- 'processing' is reserved by the specification and never set.
        status text NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'processing', 'dispatched', 'cancelled', 'failed', 'expired')),
        -- The event request as validated (everything POST /events takes but idempotency_key).
        request jsonb NOT NULL,
        request_id text,
        event_id uuid REFERENCES events(id) ON DELETE SET NULL,
        failure_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- The scheduler's claim: due pending rows in scheduled_for order, nothing else scanned.
      CREATE INDEX scheduled_events_due ON scheduled_events (scheduled_for) WHERE status = 'pending';
      CREATE INDEX scheduled_events_project_created ON scheduled_events (project_id, created_at DESC, id DESC);

      CREATE TABLE audit_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        action text NOT NULL,
        -- null when no API key acted (the CLI's bootstrap)
        actor_api_key_id uuid,
        metadata jsonb NOT NULL DEFAULT '{}',
        request_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX audit_log_project_created ON audit_log (project_id, created_at DESC, id DESC);
      CREATE INDEX audit_log_project_action_created ON audit_log (project_id, action, created_at DESC, id DESC);

      -- Requests per endpoint (route template) per hour, flushed from memory by each api process.
      CREATE TABLE usage_hourly (
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        hour timestamptz NOT NULL,
        method text NOT NULL,
        endpoint text NOT NULL,
        request_count bigint NOT NULL,
        PRIMARY KEY (project_id, hour, endpoint, method)
      );

      -- Bulk replay pages through a project's active dead letters oldest first.
      CREATE INDEX dead_letters_project_active ON dead_letters (project_id, created_at, id) WHERE status = 'active';

      -- Same key as before; INCLUDE lets analytics count by channel and status with an index-only scan.
      DROP INDEX notifications_project_created;
      CREATE INDEX notifications_project_created ON notifications (project_id, created_at DESC, id DESC) INCLUDE (channel, status);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX notifications_project_created;
      CREATE INDEX notifications_project_created ON notifications (project_id, created_at DESC, id DESC);
      DROP INDEX dead_letters_project_active;
      DROP TABLE usage_hourly, audit_log, scheduled_events;
    `);
  }
}
