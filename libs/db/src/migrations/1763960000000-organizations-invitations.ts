import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Organizations become something people create and name as they like (issue 8), so their names
 * stop being globally unique: two companies may both call theirs "Acme". What used names as
 * identity moves off them: Herald's own organization (it publishes sign-in and invitation
 * emails) is marked by `is_system` (at most one row), and `herald bootstrap` reuses an
 * organization by name only among those its owner already belongs to.
 *
 * Invitations: a token emailed to an address, stored only as its SHA-256. `status` is stored as
 * pending, accepted, revoked or expired; a pending row past `expires_at` reads as expired, and
 * is marked so when the address is invited again, which the unique index on open invitations
 * needs (one pending invitation per organization and address). `event_id` and
 * `content_scrubbed_at` let the same scrub job as magic links overwrite the link in the email's
 * stored content once it has settled or the invitation is closed.
 *
 * The audit log is read per organization (`/organizations/{id}/audit-log`): index it.
 */
export class OrganizationsInvitations1763960000000 implements MigrationInterface {
  name = 'OrganizationsInvitations1763960000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE organizations DROP CONSTRAINT organizations_name_key;
      ALTER TABLE organizations
        ADD COLUMN is_system boolean NOT NULL DEFAULT false,
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
      UPDATE organizations SET updated_at = created_at;
      -- The organization the sign-in code made by name before: it never has members.
      UPDATE organizations o SET is_system = true
       WHERE o.id = (SELECT min(s.id::text)::uuid FROM organizations s
                      WHERE s.name = 'herald-system' AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.organization_id = s.id));
      CREATE UNIQUE INDEX organizations_one_system ON organizations (is_system) WHERE is_system;
      CREATE INDEX organizations_name ON organizations (name);

      CREATE TABLE invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        -- Null once the organization is deleted: the row stays until the scrub job has overwritten its link.
        organization_id uuid REFERENCES organizations(id) ON DELETE SET NULL,
        email text NOT NULL,
        role text NOT NULL CHECK (role IN ('owner', 'admin', 'developer', 'viewer')),
        token_hash text NOT NULL UNIQUE,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'revoked', 'expired')),
        invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
        accepted_by uuid REFERENCES users(id) ON DELETE SET NULL,
        expires_at timestamptz NOT NULL,
        closed_at timestamptz,
        event_id uuid REFERENCES events(id) ON DELETE SET NULL,
        content_scrubbed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX invitations_one_pending ON invitations (organization_id, lower(email)) WHERE status = 'pending';
      CREATE INDEX invitations_organization_created ON invitations (organization_id, created_at DESC, id DESC);
      CREATE INDEX invitations_unscrubbed ON invitations (expires_at) WHERE content_scrubbed_at IS NULL;

      CREATE INDEX audit_log_organization_created ON audit_log (organization_id, created_at DESC, id DESC) WHERE organization_id IS NOT NULL;
    `);
  }

  /** Fails when two organizations share a name by then: rename one first. */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX audit_log_organization_created;
      DROP TABLE invitations;
      DROP INDEX organizations_name, organizations_one_system;
      ALTER TABLE organizations DROP COLUMN is_system, DROP COLUMN updated_at;
      ALTER TABLE organizations ADD CONSTRAINT organizations_name_key UNIQUE (name);
    `);
  }
}
