import { hasPgCode, PgError, type Queryable } from '@herald/db';
import { AppError } from '@herald/errors';
import { scrubEmailedLinks, type EmailedLinks } from '../auth/emailed-link.scrub';
import { pageQuery, Where, type Page, type PageRequest } from '../shared/paging';
import type { Role } from './roles';

export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export interface InvitationView extends Record<string, unknown> {
  id: string;
  email: string;
  role: Role;
  status: InvitationStatus;
  expires_at: Date;
  created_at: Date;
}

/** A pending row past its expiry reads as expired; it is marked so when the address is invited again. */
const STATUS = `CASE WHEN status = 'pending' AND expires_at <= now() THEN 'expired' ELSE status END`;
const COLUMNS = `id, email, role, ${STATUS} AS status, expires_at, created_at`;

export const SCRUBBED_INVITATION_HTML = '<p>This invitation link was removed after use, revocation or expiry.</p>';
export const SCRUBBED_INVITATION_TEXT = 'This invitation link was removed after use, revocation or expiry.';

const INVITATION_LINKS: EmailedLinks = {
  table: 'invitations',
  key: 'id',
  // Accepted, revoked, superseded, or its organization deleted.
  closed: `t.status <> 'pending' OR t.organization_id IS NULL`,
  html: SCRUBBED_INVITATION_HTML,
  text: SCRUBBED_INVITATION_TEXT,
};

export interface NewInvitation {
  organizationId: string;
  email: string;
  role: Role;
  tokenHash: string;
  invitedBy: string;
  ttlS: number;
  /** The event that mailed the link. */
  eventId: string | null;
}

/** The invitation a token names, locked until the transaction ends so it is spent once. */
export interface HeldInvitation {
  id: string;
  organizationId: string;
  email: string;
  role: Role;
  usable: boolean;
}

/** Invitations by email; tokens only as SHA-256 hashes. */
export class InvitationRepository {
  constructor(private readonly db: Queryable) {}

  /** Closes this address's pending invitation once it has expired, so a new one may be made. */
  async expireStale(organizationId: string, email: string): Promise<void> {
    await this.db.query(
      `UPDATE invitations SET status = 'expired', closed_at = now()
        WHERE organization_id = $1 AND lower(email) = lower($2) AND status = 'pending' AND expires_at <= now()`,
      [organizationId, email],
    );
  }

  async insert(i: NewInvitation): Promise<InvitationView> {
    try {
      const { rows } = await this.db.query<InvitationView>(
        `INSERT INTO invitations (organization_id, email, role, token_hash, invited_by, expires_at, event_id)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6), $7) RETURNING ${COLUMNS}`,
        [i.organizationId, i.email, i.role, i.tokenHash, i.invitedBy, i.ttlS, i.eventId],
      );
      return rows[0];
    } catch (err) {
      if (hasPgCode(err, PgError.uniqueViolation)) throw new AppError('conflict', 'this address already has a pending invitation');
      throw err;
    }
  }

  list(organizationId: string, status: InvitationStatus | undefined, page: PageRequest): Promise<Page<InvitationView>> {
    return pageQuery<InvitationView>(this.db, {
      select: COLUMNS,
      from: 'invitations',
      where: new Where(organizationId, 'organization_id = ?').add(`${STATUS} = ?`, status),
      orderBy: 'created_at DESC, id DESC',
      page,
    });
  }

  /**
   * Revokes a pending (or expired) invitation. Returns the status it had: undefined when the
   * organization has no such invitation.
   */
  async revoke(organizationId: string, id: string): Promise<InvitationStatus | undefined> {
    const { rows } = await this.db.query<{ status: InvitationStatus; was: InvitationStatus }>(
      `WITH target AS (
         SELECT id, ${STATUS} AS was FROM invitations WHERE id = $2::uuid AND organization_id = $1 FOR UPDATE
       ), revoked AS (
         UPDATE invitations i SET status = 'revoked', closed_at = now() FROM target
          WHERE i.id = target.id AND i.status = 'pending' RETURNING i.id
       )
       SELECT was FROM target`,
      [organizationId, id],
    );
    return rows[0]?.was;
  }

  /** Revokes the live pending invitations a member made in the organization; returns their ids. */
  async revokePendingBy(organizationId: string, invitedBy: string): Promise<string[]> {
    const { rows } = await this.db.query<{ id: string }>(
      `UPDATE invitations SET status = 'revoked', closed_at = now()
        WHERE organization_id = $1 AND invited_by = $2 AND status = 'pending' AND expires_at > now()
        RETURNING id`,
      [organizationId, invitedBy],
    );
    return rows.map((r) => r.id);
  }

  async holdByToken(tokenHash: string): Promise<HeldInvitation | undefined> {
    const { rows } = await this.db.query<{ id: string; organization_id: string; email: string; role: Role; usable: boolean }>(
      `SELECT id, organization_id, email, role,
              (status = 'pending' AND expires_at > now() AND organization_id IS NOT NULL) AS usable
         FROM invitations WHERE token_hash = $1 FOR UPDATE`,
      [tokenHash],
    );
    const r = rows[0];
    return r && { id: r.id, organizationId: r.organization_id, email: r.email, role: r.role, usable: r.usable };
  }

  async markAccepted(id: string, userId: string): Promise<void> {
    await this.db.query(`UPDATE invitations SET status = 'accepted', accepted_by = $2, closed_at = now() WHERE id = $1`, [id, userId]);
  }

  /**
   * Scrubs the links of closed, expired or settled invitation emails out of their stored content
   * (the same job as sign-in links), then drops the rows of deleted organizations once scrubbed.
   */
  async scrubSettled(limit = 500): Promise<number> {
    const scrubbed = await scrubEmailedLinks(this.db, INVITATION_LINKS, limit);
    await this.db.query('DELETE FROM invitations WHERE organization_id IS NULL AND content_scrubbed_at IS NOT NULL');
    return scrubbed;
  }
}
