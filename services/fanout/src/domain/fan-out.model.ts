import type { Channel, NotificationContent, Priority, Recipient } from '@herald/contracts';
import type { EventContent, TemplateForRender } from './compose-content';
import type { ConsumerEndpoint, PlannedNotification } from './plan-notifications';

// What fan-out reads, decides and creates: the domain's types, which the repository fills and stores.

export interface StoredEvent {
  id: string;
  project_id: string;
  event_type: string;
  priority: Priority;
  payload: Record<string, unknown>;
  /** When the API accepted the event. */
  created_at: Date;
  recipients: Recipient[];
  content: EventContent;
  /** The templates the event's content names (none for inline content). */
  templates: TemplateForRender[];
  /** The enabled endpoints of the consumers the event's recipients name (none without a consumer recipient). */
  endpoints: ConsumerEndpoint[];
}

export interface NotificationToCreate extends PlannedNotification {
  status: 'processing' | 'failed';
  lastError: string | null;
  /** Its content's category (null: transactional): a suppression of that category skips it, as one of every category does. */
  category: string | null;
}

export interface PendingNotification {
  id: string;
  channel: Channel;
  /** Set when fan-out just created it (not on a republish): its first delivery message may carry it. */
  recipient?: string;
  /** A consumer endpoint's notification, with `recipient`: the endpoint whose secret signs it. */
  endpointId?: string;
}

/** Notifications that reached a final status without a delivery attempt (failed, suppressed), counted per channel. */
export interface EndedAtFanOut {
  channel: Channel;
  status: 'failed' | 'suppressed';
  count: number;
}

/** What one event's fan-out created: the notifications to queue, and those that ended at once. */
export interface CreatedNotifications {
  pending: PendingNotification[];
  ended: EndedAtFanOut[];
}

/** One channel's rendered content, stored once for every notification of the event on that channel. */
export interface ChannelContent {
  channel: Channel;
  content: NotificationContent;
}

export interface FanOutPlan {
  notifications: NotificationToCreate[];
  contents: ChannelContent[];
}
