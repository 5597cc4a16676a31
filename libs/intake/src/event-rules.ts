import { CONTACT_FIELD, TRANSACTIONAL_CATEGORY, emailHeaderProblems } from '@herald/contracts';
import { TargetRefusedError, type TargetResolver, type TargetSession } from '@herald/net-guard';
import type { ValidationIssue } from '@herald/errors';
import { eventLimitIssues } from './event-limits';
import type { EventCatalogue } from './event-catalogue';
import type { EventInput } from './event-input';

/** Declared attachment sizes may total 30 MB, so the Base64-encoded email stays under 40 MB. */
export const MAX_DECLARED_ATTACHMENT_BYTES = 30 * 1024 * 1024;
const CONTENT_SOURCES = ['template_id', 'template_name', 'inline'] as const;

type Loc = Array<string | number>;

/** Channels for which the project has a template with this id or name. */
export type TemplateChannels = (projectId: string, ref: { id?: string; name?: string }) => Promise<string[]>;

/** Whether the project declared this category (POST /categories). */
export type CategoryDeclared = (projectId: string, name: string) => Promise<boolean>;

export interface CheckOptions {
  /** Default true: resolve every webhook host and refuse private or internal addresses. */
  resolveWebhookTargets?: boolean;
  /** Shared by every event of one request (a batch), so each distinct host is resolved once; default: one per call. */
  targets?: TargetSession;
}

/**
 * The rules a JSON schema cannot say (or cannot say clearly): one content source, a contact
 * field per channel, the attachment total, the size limits (event-limits.ts), and webhook
 * targets that resolve to public addresses.
 */
export class EventRules {
  constructor(
    private readonly targets: TargetResolver,
    private readonly templateChannels: TemplateChannels,
    private readonly categoryDeclared: CategoryDeclared,
    /** Event type schemas and consumers (docs/consumers.md); absent, neither is checked (the scheduler's re-check at dispatch). */
    private readonly catalogue?: EventCatalogue,
  ) {}

  /**
   * `resolveWebhookTargets: false` skips the DNS check of webhook URLs: the scheduler uses it at
   * dispatch time, because the targets were checked when the event was scheduled and the worker's
   * guard checks them again on every connection, so a DNS hiccup at dispatch cannot fail the event.
   */
  async check(input: EventInput, at: Loc, projectId: string, options: CheckOptions = {}): Promise<ValidationIssue[]> {
    const issues = [
      ...this.contentSource(input, at),
      ...this.contacts(input, at),
      ...this.attachments(input, at),
      ...inlineHeaderIssues(input, at),
      ...eventLimitIssues(input, at),
    ];
    const [targets, templates, category, catalogue] = await Promise.all([
      options.resolveWebhookTargets === false ? [] : this.webhookTargets(input, at, options.targets ?? this.targetSession()),
      issues.length ? [] : this.templates(input, at, projectId),
      issues.length ? [] : this.inlineCategory(input, at, projectId),
      issues.length ? [] : this.catalogueIssues(input, at, projectId),
    ]);
    return [...issues, ...targets, ...templates, ...category, ...catalogue];
  }

  /** One request's host answers: pass it to every check() of a batch. */
  targetSession(): TargetSession {
    return this.targets.session();
  }

  /**
   * A template must exist for every channel that needs content: webhooks carry the payload as is,
   * email and sms render the template of their own channel (by name, one per channel; by id,
   * the template's channel only). Inline content serves email, and sms as its text version.
   */
  private async templates(input: EventInput, at: Loc, projectId: string): Promise<ValidationIssue[]> {
    if (input.inline) return [];
    const ref = input.template_id ? { id: input.template_id } : { name: input.template_name };
    const field = input.template_id ? 'template_id' : 'template_name';
    const available = await this.templateChannels(projectId, ref);
    if (available.length === 0)
      return [{ loc: [...at, field], msg: `template ${JSON.stringify(ref.id ?? ref.name)} not found`, type: 'value_error' }];
    const needed = [...new Set(input.recipients.flatMap((r) => r.channels))].filter((c) => c !== 'webhook');
    return needed
      .filter((channel) => !available.includes(channel))
      .map((channel) => ({
        loc: [...at, field],
        msg: `template ${JSON.stringify(ref.id ?? ref.name)} has no ${channel} version; recipients ask for ${channel}`,
        type: 'value_error' as const,
      }));
  }

  /** A template's category is held to the declared ones by its foreign key; inline content's is checked here. */
  private async inlineCategory(input: EventInput, at: Loc, projectId: string): Promise<ValidationIssue[]> {
    const category = input.inline?.category;
    if (category === undefined || category === TRANSACTIONAL_CATEGORY || (await this.categoryDeclared(projectId, category))) return [];
    const msg = `category ${JSON.stringify(category)} is not declared; use transactional or a category from POST /categories`;
    return [{ loc: [...at, 'inline', 'category'], msg, type: 'value_error' }];
  }

  /** The payload against its event type's schema, and every named consumer one of the project's. */
  private async catalogueIssues(input: EventInput, at: Loc, projectId: string): Promise<ValidationIssue[]> {
    if (!this.catalogue) return [];
    const named = input.recipients.flatMap((r, i) => (r.consumer === undefined ? [] : [{ uid: r.consumer, i }]));
    const [payload, missing] = await Promise.all([
      this.catalogue.payloadIssues(projectId, input.event_type, input.payload, [...at, 'payload']),
      this.catalogue.missingConsumers(
        projectId,
        named.map((n) => n.uid),
      ),
    ]);
    const consumers = named
      .filter((n) => missing.includes(n.uid))
      .map((n): ValidationIssue => ({
        loc: [...at, 'recipients', n.i, 'consumer'],
        msg: `consumer ${JSON.stringify(n.uid)} not found`,
        type: 'value_error',
      }));
    return [...payload, ...consumers];
  }

  private contentSource(input: EventInput, at: Loc): ValidationIssue[] {
    const present = CONTENT_SOURCES.filter((k) => input[k] !== undefined);
    if (present.length === 1) return [];
    const msg =
      present.length === 0
        ? 'exactly one of template_id, template_name, inline is required'
        : `exactly one of template_id, template_name, inline is allowed; got ${present.join(', ')}`;
    return [{ loc: present.length === 0 ? at : [...at, present[1]], msg, type: 'value_error' }];
  }

  /** A webhook goes to `webhook_url` or to a `consumer`'s endpoints, never both; a consumer needs the webhook channel. */
  private contacts(input: EventInput, at: Loc): ValidationIssue[] {
    const issues: ValidationIssue[] = [];
    input.recipients.forEach((recipient, i) => {
      if (recipient.consumer !== undefined) {
        const loc = [...at, 'recipients', i, 'consumer'];
        if (recipient.webhook_url !== undefined)
          issues.push({ loc, msg: 'give either webhook_url or consumer, not both', type: 'value_error' });
        if (!recipient.channels.includes('webhook'))
          issues.push({ loc, msg: 'consumer is only allowed when channels includes webhook', type: 'value_error' });
      }
      for (const channel of recipient.channels) {
        const field = CONTACT_FIELD[channel];
        if (channel === 'webhook' && recipient.consumer !== undefined) continue;
        if (!recipient[field]) {
          issues.push({
            loc: [...at, 'recipients', i, field],
            msg:
              channel === 'webhook'
                ? 'webhook_url is required when channels includes webhook (or consumer, a consumer uid)'
                : `${field} is required when channels includes ${channel}`,
            type: 'missing',
          });
        }
      }
    });
    return issues;
  }

  private attachments(input: EventInput, at: Loc): ValidationIssue[] {
    const list = input.attachments ?? [];
    const issues: ValidationIssue[] = [];
    list.forEach((a, i) => {
      if (!parseHttpUrl(a.url))
        issues.push({ loc: [...at, 'attachments', i, 'url'], msg: 'url must be a valid http or https URL', type: 'value_error' });
    });
    const total = list.reduce((sum, a) => sum + a.size_bytes, 0);
    if (total > MAX_DECLARED_ATTACHMENT_BYTES) {
      issues.push({
        loc: [...at, 'attachments'],
        msg: `declared attachment sizes total ${total} bytes; at most ${MAX_DECLARED_ATTACHMENT_BYTES} (30 MB) are allowed`,
        type: 'value_error',
      });
    }
    return issues;
  }

  private async webhookTargets(input: EventInput, at: Loc, resolve: TargetSession): Promise<ValidationIssue[]> {
    const checks = input.recipients.map(async (recipient, i): Promise<ValidationIssue | undefined> => {
      if (!recipient.channels.includes('webhook') || !recipient.webhook_url) return undefined;
      const loc = [...at, 'recipients', i, 'webhook_url'];
      const url = parseHttpUrl(recipient.webhook_url);
      if (!url) return { loc, msg: 'webhook_url must be a valid http or https URL', type: 'value_error' };
      try {
        await resolve(url.hostname);
        return undefined;
      } catch (err) {
        if (err instanceof TargetRefusedError) {
          const msg =
            err.reason === 'unresolvable'
              ? `webhook_url host ${url.hostname} does not resolve`
              : err.reason === 'timeout'
                ? `webhook_url ${err.message}`
                : `webhook_url must be a public address: ${err.message}`;
          return { loc, msg, type: 'value_error' };
        }
        throw err;
      }
    });
    return (await Promise.all(checks)).filter((i): i is ValidationIssue => i !== undefined);
  }
}

/** `inline.headers`: the allow-list and injection rules (libs/contracts email-headers), each problem at its header's name. */
function inlineHeaderIssues(input: EventInput, at: Loc): ValidationIssue[] {
  const headers = input.inline?.headers;
  if (!headers) return [];
  return emailHeaderProblems(headers).map(({ name, msg }) => ({
    loc: name === undefined ? [...at, 'inline', 'headers'] : [...at, 'inline', 'headers', name],
    msg,
    type: 'value_error' as const,
  }));
}

function parseHttpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
