import { Throttled } from '@herald/errors';
import { refundAll, takeAll, TokenBuckets, type Claim } from '../http/token-buckets';

const HOUR_S = 3600;

export interface InvitationLimits {
  /** INVITATIONS_PER_ORGANIZATION_PER_HOUR */
  perOrganizationPerHour: number;
  /** INVITATIONS_PER_USER_PER_HOUR */
  perUserPerHour: number;
}

/**
 * Invitation emails go to any address an admin types: without a budget an organization would be
 * an open mail relay. Token buckets per organization and per inviting user, held in this api
 * process and refilled over an hour; an invitation takes from both or, refused, from neither.
 */
export class InvitationThrottle {
  private readonly byOrganization: TokenBuckets;
  private readonly byUser: TokenBuckets;

  constructor(limits: InvitationLimits) {
    this.byOrganization = new TokenBuckets(limits.perOrganizationPerHour / HOUR_S, limits.perOrganizationPerHour);
    this.byUser = new TokenBuckets(limits.perUserPerHour / HOUR_S, limits.perUserPerHour);
  }

  /** Takes one invitation from both budgets (Throttled when either is spent); the answer gives them back. */
  take(organizationId: string, userId: string): () => void {
    const claims: Claim[] = [
      { buckets: this.byOrganization, key: organizationId },
      { buckets: this.byUser, key: userId },
    ];
    const decision = takeAll(claims);
    if (!decision.allowed) {
      const wait = decision.retryAfterSeconds;
      throw new Throttled(`too many invitations from this organization or this user; retry after ${wait} s`, wait);
    }
    return () => refundAll(claims);
  }
}
