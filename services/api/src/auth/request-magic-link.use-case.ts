import type { Database } from '@herald/db';
import type { TopologyNames } from '@herald/messaging';
import type { AuthRepositories } from './auth.repositories';
import { newOpaqueToken, TOKEN_PREFIX } from './opaque-token';
import { queueSystemEmail } from '../system-templates/system-email';
import type { SystemProjectRef } from '../shared/infrastructure';
import type { RepositoryFactory } from '../shared/repositories';

export interface MagicLinkMailer {
  db: Database;
  repositories: RepositoryFactory<AuthRepositories>;
  system: SystemProjectRef;
  names: TopologyNames;
  /** APP_URL: the link is `${appUrl}/auth/verify?token=...`. */
  appUrl: string;
  ttlS: number;
  /** Wakes the outbox relay once the event has committed. */
  onCommitted: () => void;
}

export const MAGIC_LINK_EVENT_TYPE = 'auth.magic_link';

/**
 * Every valid address gets a link, known or not: a new user is created only when the link is
 * used, and the answer never says whether an account exists. The link travels only in the
 * event's inline content (the payload is empty), which the scrub job overwrites once the email
 * has settled or the link has expired. Token row, event and outbox message commit together, so
 * the 202 means the email will go out.
 */
export async function requestMagicLink(deps: MagicLinkMailer, email: string, requestId?: string): Promise<void> {
  const address = email.trim().toLowerCase();
  const projectId = await deps.system.projectId();
  const token = newOpaqueToken(TOKEN_PREFIX.magicLink);
  const link = `${deps.appUrl}/auth/verify?token=${encodeURIComponent(token.plaintext)}`;
  await deps.db.transaction(async (tx) => {
    const eventId = await queueSystemEmail(tx, {
      projectId,
      names: deps.names,
      eventType: MAGIC_LINK_EVENT_TYPE,
      to: address,
      template: 'auth.magic_link',
      values: { link, minutes: Math.max(1, Math.round(deps.ttlS / 60)) },
      requestId,
    });
    await deps.repositories(tx).magicLinks.insert(token.hash, address, deps.ttlS, eventId);
  });
  deps.onCommitted();
}
