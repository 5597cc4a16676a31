import type { Database } from '@herald/db';
import { AppError } from '@herald/errors';
import type { ConsumerRepository } from '../consumers/consumer.repository';
import { found } from '../shared/found';
import { PortalSessionRepository } from './portal-session.repository';
import { PortalSettingsRepository, type PortalTheme } from './portal-settings.repository';
import { hashToken, newPortalCode, newPortalSessionToken } from './portal-token';

/** A link's code must be exchanged within this (contract: 5 minutes). */
export const PORTAL_CODE_TTL_S = 300;
export const DEFAULT_SESSION_TTL_S = 3600;

export interface PortalLink {
  url: string;
  code_expires_at: Date;
  session_ttl_seconds: number;
}

export interface PortalSessionStarted {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  consumer: { uid: string; name: string };
  project: { id: string; name: string };
  theme: PortalTheme;
}

const REFUSED = 'the portal code is unknown, used or expired';

/**
 * Portal links and sessions (docs/consumers.md, Portal): a project mints a single-use code for
 * one consumer, the portal page exchanges it for a session token. Neither is stored in the clear.
 */
export class PortalSessionsService {
  constructor(
    private readonly db: Database,
    private readonly consumers: ConsumerRepository,
    /** APP_URL: the link is `${appUrl}/portal/<project_id>#code=...`. */
    private readonly appUrl: string,
  ) {}

  async createLink(projectId: string, uid: string, sessionTtlS = DEFAULT_SESSION_TTL_S): Promise<PortalLink> {
    const consumer = found(await this.consumers.find(projectId, uid), `consumer ${JSON.stringify(uid)}`);
    const code = newPortalCode();
    const expiresAt = new Date(Date.now() + PORTAL_CODE_TTL_S * 1000);
    await new PortalSessionRepository(this.db).insertCode({
      hash: code.hash,
      projectId,
      consumerId: consumer.id,
      sessionTtlS,
      expiresAt,
    });
    // The code rides in the fragment: browsers send it neither to the server nor in a Referer.
    const url = `${this.appUrl.replace(/\/+$/, '')}/portal/${projectId}#code=${code.plaintext}`;
    return { url, code_expires_at: expiresAt, session_ttl_seconds: sessionTtlS };
  }

  /** Unknown, used and expired codes get the same 401: the answer tells a guesser nothing. */
  async exchange(code: string): Promise<PortalSessionStarted> {
    const token = newPortalSessionToken();
    return this.db.transaction(async (tx) => {
      const repo = new PortalSessionRepository(tx);
      const spent = await repo.spendCode(hashToken(code));
      if (!spent) throw new AppError('unauthenticated', REFUSED);
      const parties = await repo.parties(spent.consumerId);
      if (!parties) throw new AppError('unauthenticated', REFUSED);
      await repo.insertSession({ hash: token.hash, projectId: spent.projectId, consumerId: spent.consumerId, ttlS: spent.sessionTtlS });
      const { theme } = await new PortalSettingsRepository(tx).get(spent.projectId);
      return {
        access_token: token.plaintext,
        token_type: 'Bearer',
        expires_in: spent.sessionTtlS,
        consumer: { uid: parties.uid, name: parties.name },
        project: { id: parties.project_id, name: parties.project_name },
        theme,
      };
    });
  }

  async end(sessionId: string): Promise<void> {
    await new PortalSessionRepository(this.db).deleteSession(sessionId);
  }
}
