import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook consumers (docs/consumers.md): a project's catalogue of event types, the consumers it
 * sends webhooks to, and their endpoints, each with its own signing secret (sealed as the
 * project's is, with the same rotation columns).
 */
export class WebhookConsumers1764105000000 implements MigrationInterface {
  name = 'WebhookConsumers1764105000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE event_types (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name text NOT NULL,
        description text,
        schema jsonb,
        example jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (project_id, name)
      );

      CREATE TABLE consumers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        uid text NOT NULL,
        name text NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (project_id, uid)
      );

      CREATE TABLE consumer_endpoints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        consumer_id uuid NOT NULL REFERENCES consumers(id) ON DELETE CASCADE,
        url text NOT NULL,
        description text,
        -- Exact names and 'prefix.*' patterns; empty: every event type.
        event_types text[] NOT NULL DEFAULT '{}',
        disabled_at timestamptz,
        disabled_reason text,
        rate_limit_per_second integer CHECK (rate_limit_per_second > 0),
        signing_secret_sealed text NOT NULL,
        previous_signing_secret_sealed text,
        previous_signing_secret_expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX consumer_endpoints_consumer ON consumer_endpoints (consumer_id, created_at, id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE consumer_endpoints, consumers, event_types;
    `);
  }
}
