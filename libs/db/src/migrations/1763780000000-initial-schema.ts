import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1763780000000 implements MigrationInterface {
  name = 'InitialSchema1763780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE organizations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        email text NOT NULL,
        role text NOT NULL DEFAULT 'owner',
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, email)
      );
      CREATE TABLE projects (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        name text NOT NULL,
        -- AES-256-GCM sealed; workers need the plaintext to sign, so it is encrypted, not hashed.
        signing_secret_sealed text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, name)
      );
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        display_prefix text NOT NULL,
        scopes text[] NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      );
      CREATE INDEX api_keys_project ON api_keys (project_id);

      CREATE TABLE events (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        api_key_id uuid,
        event_type text NOT NULL,
        status text NOT NULL DEFAULT 'accepted'
          CHECK (status IN ('accepted', 'processing', 'completed', 'partially_failed', 'failed')),
        priority text NOT NULL DEFAULT 'medium' CHECK (priority IN ('high', 'medium', 'low')),
        payload jsonb NOT NULL,
        recipients jsonb NOT NULL,
        content jsonb NOT NULL,
        attachments jsonb NOT NULL DEFAULT '[]',
        metadata jsonb,
        idempotency_key text,
        request_hash text NOT NULL,
        batch_id uuid,
        request_id text,
        recipient_count integer NOT NULL,
        notification_count integer NOT NULL,
        delivered_count integer NOT NULL DEFAULT 0,
        failed_count integer NOT NULL DEFAULT 0,
        suppressed_count integer NOT NULL DEFAULT 0,
        has_failures boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- The idempotency guard: concurrent duplicates meet here, not in a read-then-write.
      CREATE UNIQUE INDEX events_project_idempotency_key ON events (project_id, idempotency_key)
        WHERE idempotency_key IS NOT NULL;
      CREATE INDEX events_project_created ON events (project_id, created_at DESC, id DESC);

      CREATE TABLE notifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
        recipient_index integer NOT NULL,
        channel text NOT NULL CHECK (channel IN ('email', 'sms', 'webhook')),
        recipient text NOT NULL,
        user_id text,
        status text NOT NULL DEFAULT 'processing'
          CHECK (status IN ('processing', 'retrying', 'delivered', 'failed', 'suppressed')),
        retry_count integer NOT NULL DEFAULT 0,
        last_error text,
        delivered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- Fan-out's exactly-once guard: a redelivered event message creates nothing new.
        UNIQUE (event_id, recipient_index, channel)
      );
      CREATE INDEX notifications_project_created ON notifications (project_id, created_at DESC, id DESC);
      CREATE INDEX notifications_project_recipient ON notifications (project_id, recipient, created_at DESC);

      CREATE TABLE notification_logs (
        id bigserial PRIMARY KEY,
        notification_id uuid NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
        attempt integer NOT NULL,
        status text NOT NULL,
        provider_response jsonb,
        error text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX notification_logs_notification ON notification_logs (notification_id, id);

      -- Transactional outbox: written in the same statement as the event, relayed with publisher confirms.
      CREATE TABLE outbox (
        id bigserial PRIMARY KEY,
        exchange text NOT NULL,
        routing_key text NOT NULL,
        payload jsonb NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE dead_letters (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        notification_id uuid NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
        channel text NOT NULL,
        recipient text NOT NULL,
        retry_count integer NOT NULL,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'retried', 'discarded')),
        error_type text NOT NULL,
        error_message text NOT NULL,
        message jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- A redelivered exhausted message must not open a second active record.
      CREATE UNIQUE INDEX dead_letters_one_active ON dead_letters (notification_id) WHERE status = 'active';
      CREATE INDEX dead_letters_project_created ON dead_letters (project_id, created_at DESC, id DESC);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE dead_letters, outbox, notification_logs, notifications, events, api_keys, projects, users, organizations;
    `);
  }
}
