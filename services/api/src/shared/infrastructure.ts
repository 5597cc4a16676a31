import type { Config } from '@herald/config';
import type { Database } from '@herald/db';
import type { EventCatalogue, EventRules } from '@herald/intake';
import type { Logger } from '@herald/logger';
import type { MessageQueue, TopologyNames } from '@herald/messaging';

/** The project Herald's own emails (magic links, invitations) are published from (projects/system-project.ts). */
export interface SystemProjectRef {
  projectId(): Promise<string>;
}

/** What app.ts builds once and hands to every area (areas.ts). */
export interface Infrastructure {
  db: Database;
  broker: MessageQueue;
  names: TopologyNames;
  config: Config;
  logger: Logger;
  /** Wakes the outbox relay once a transaction that queued a message has committed. */
  onCommitted: () => void;
  /** Targets resolved under the SSRF policy (with its DNS cache) and template channels: intake and scheduling share them. */
  eventRules: EventRules;
  /** The event rules' view of event types and consumers: the areas that change them make it forget at once. */
  eventCatalogue: EventCatalogue;
  /** One per process: it remembers the project's id once made. */
  systemProject: SystemProjectRef;
}
