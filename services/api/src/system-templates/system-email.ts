import { newRowId, type Queryable } from '@herald/db';
import { eventAcceptedMessage, type EventInput } from '@herald/intake';
import type { TopologyNames } from '@herald/messaging';
import { systemTemplatesRepositories } from './system-templates.repositories';
import { renderSystemEmail, type SystemTemplateName } from './built-in-templates';

export interface SystemEmail {
  /** The system project's id (SystemProject.projectId(), taken before the transaction). */
  projectId: string;
  names: TopologyNames;
  eventType: string;
  to: string;
  template: SystemTemplateName;
  values: Record<string, unknown>;
  requestId?: string;
}

/**
 * Writes one of Herald's own emails as an event of the system project, with its outbox message,
 * in the caller's transaction, so the email goes out exactly when the caller's change commits
 * (through the same fan-out and email-worker as any event, in their `system` lane: customers'
 * backlogs never delay it, and a flood of it never delays customers' mail). The content travels only inline
 * (the payload is empty), where the emailed-link scrub can overwrite it. An operator's
 * replacement of the template (`/admin/system-templates`) is read here, in the same transaction,
 * so the next email after a PUT or DELETE uses it. Returns the event id.
 */
export async function queueSystemEmail(tx: Queryable, email: SystemEmail): Promise<string> {
  const repos = systemTemplatesRepositories(tx);
  const override = await repos.systemTemplates.find(email.template);
  const input: EventInput = {
    event_type: email.eventType,
    recipients: [{ channels: ['email'], email: email.to }],
    payload: {},
    priority: 'high',
    inline: renderSystemEmail(email.template, email.values, override),
  };
  const id = newRowId();
  await repos.events.insertWithOutbox(
    { id, projectId: email.projectId, apiKeyId: null, input, requestHash: null, requestId: email.requestId },
    eventAcceptedMessage(email.names, id, email.projectId, 'system', email.requestId),
  );
  return id;
}
