import type { Queryable } from '@herald/db';

export type OAuthIntent = 'login' | 'connect';

export interface PendingAuthorization {
  provider: string;
  intent: OAuthIntent;
  /** The signed-in user who asked to connect (connect only). */
  userId: string | null;
  redirectUri: string;
  codeVerifier: string;
  nonce: string | null;
}

/** A login code: the user it signs in, already linked at the callback. */
export interface LoginCode {
  intent: 'login';
  userId: string;
  identityId: string;
  userCreated: boolean;
}

/** What the provider verified at a connect callback; linked only when the code is redeemed. */
export interface VerifiedIdentity {
  provider: string;
  subject: string;
  email: string;
}

/** A connect code: the user who started the flow (the only one who may redeem it) and the identity to link. */
export interface ConnectCode {
  intent: 'connect';
  userId: string;
  identity: VerifiedIdentity;
}

export type RedeemedCode = LoginCode | ConnectCode;

/** A sign-in in flight (keyed by the hash of its state) and the one-time codes it ends with. */
export class OAuthFlowRepository {
  constructor(private readonly db: Queryable) {}

  /** Stores the flow and drops expired ones, so abandoned sign-ins do not pile up. Returns its expiry. */
  async begin(stateHash: string, flow: PendingAuthorization, ttlS: number): Promise<Date> {
    const { rows } = await this.db.query<{ expires_at: Date }>(
      `WITH pruned AS (DELETE FROM oauth_authorizations WHERE expires_at < now())
       INSERT INTO oauth_authorizations (state_hash, provider, intent, user_id, redirect_uri, code_verifier, nonce, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))
       RETURNING expires_at`,
      [stateHash, flow.provider, flow.intent, flow.userId, flow.redirectUri, flow.codeVerifier, flow.nonce, ttlS],
    );
    return rows[0].expires_at;
  }

  /** Takes the flow out (single use): undefined when the state is unknown, used, expired or for another provider. */
  async take(stateHash: string, provider: string): Promise<PendingAuthorization | undefined> {
    const { rows } = await this.db.query<{
      provider: string;
      intent: OAuthIntent;
      user_id: string | null;
      redirect_uri: string;
      code_verifier: string;
      nonce: string | null;
      live: boolean;
    }>(
      `DELETE FROM oauth_authorizations WHERE state_hash = $1 AND provider = $2
       RETURNING provider, intent, user_id, redirect_uri, code_verifier, nonce, expires_at > now() AS live`,
      [stateHash, provider],
    );
    const r = rows[0];
    if (!r?.live) return undefined;
    return {
      provider: r.provider,
      intent: r.intent,
      userId: r.user_id,
      redirectUri: r.redirect_uri,
      codeVerifier: r.code_verifier,
      nonce: r.nonce,
    };
  }

  async issueCode(codeHash: string, code: RedeemedCode, ttlS: number): Promise<void> {
    const login = code.intent === 'login' ? code : undefined;
    const connect = code.intent === 'connect' ? code.identity : undefined;
    await this.db.query(
      `WITH pruned AS (DELETE FROM oauth_codes WHERE expires_at < now() - interval '1 hour')
       INSERT INTO oauth_codes (code_hash, intent, user_id, identity_id, user_created, provider, subject, email, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9))`,
      [
        codeHash,
        code.intent,
        code.userId,
        login?.identityId ?? null,
        login?.userCreated ?? false,
        connect?.provider ?? null,
        connect?.subject ?? null,
        connect?.email ?? null,
        ttlS,
      ],
    );
  }

  /** Marks the code used; undefined when it is unknown, expired or already used. */
  async redeem(codeHash: string): Promise<RedeemedCode | undefined> {
    const { rows } = await this.db.query<{
      intent: OAuthIntent;
      user_id: string;
      identity_id: string | null;
      user_created: boolean;
      provider: string | null;
      subject: string | null;
      email: string | null;
    }>(
      `UPDATE oauth_codes SET used_at = now()
        WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now()
       RETURNING intent, user_id, identity_id, user_created, provider, subject, email`,
      [codeHash],
    );
    const r = rows[0];
    if (!r) return undefined;
    if (r.intent === 'connect') {
      return { intent: 'connect', userId: r.user_id, identity: { provider: r.provider!, subject: r.subject!, email: r.email! } };
    }
    return { intent: 'login', userId: r.user_id, identityId: r.identity_id!, userCreated: r.user_created };
  }
}
