import { randomUUID } from 'node:crypto';
import type { Database } from '@herald/db';
import { EventStoreRepository, eventAcceptedMessage, requestHash, type EventInput } from '@herald/intake';
import type { TopologyNames } from '@herald/messaging';
import { MagicLinkRepository } from './magic-link.repository';
import { newOpaqueToken, TOKEN_PREFIX } from './opaque-token';
import { renderSystemEmail } from './system-templates';
import type { SystemProject } from './system-project';

export interface MagicLinkMailer {
  db: Database;
  system: SystemProject;
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
  const input: EventInput = {
    event_type: MAGIC_LINK_EVENT_TYPE,
    recipients: [{ channels: ['email'], email: address }],
    payload: {},
    priority: 'high',
    inline: renderSystemEmail('auth.magic_link', { link, minutes: Math.max(1, Math.round(deps.ttlS / 60)) }),
  };
  const id = randomUUID();
  await deps.db.transaction(async (tx) => {
    await new EventStoreRepository(tx).insertWithOutbox(
      { id, projectId, apiKeyId: null, input, requestHash: requestHash(input), requestId },
      eventAcceptedMessage(deps.names, id, projectId, requestId),
    );
    await new MagicLinkRepository(tx).insert(token.hash, address, deps.ttlS, id);
  });
  deps.onCommitted();
}
