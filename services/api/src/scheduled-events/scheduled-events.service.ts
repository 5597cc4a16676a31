import { type Caller, type EventInput, type EventRules } from '@herald/intake';
import { AppError, ValidationFailed, type ValidationIssue } from '@herald/errors';
import type { ScheduledEventRepository, ScheduledEventRow } from './scheduled-event.repository';
import { refuseUnstorableText } from '../shared/storable-text.rule';

/** POST /scheduled-events after openapi validation: an event request without idempotency_key, plus when. */
export type ScheduledEventInput = Omit<EventInput, 'payload' | 'idempotency_key'> & {
  payload?: Record<string, unknown>;
  scheduled_for: string;
};

const ENDS_WITH_OFFSET = /(?:z|[+-]\d\d(?::?\d\d)?)$/i;

/** `scheduled_for` must name an instant (so it carries a timezone offset) that is still ahead. */
export function scheduledForIssues(value: string, now: Date): ValidationIssue[] {
  const loc = ['body', 'scheduled_for'];
  const at = Date.parse(value);
  if (!ENDS_WITH_OFFSET.test(value.trim()) || Number.isNaN(at)) {
    return [{ loc, msg: 'scheduled_for must be an ISO 8601 date-time with a timezone offset (Z or +hh:mm)', type: 'value_error' }];
  }
  if (at <= now.getTime()) return [{ loc, msg: 'scheduled_for must be in the future', type: 'value_error' }];
  return [];
}

export class ScheduledEventsService {
  constructor(
    private readonly scheduled: ScheduledEventRepository,
    private readonly rules: EventRules,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The same rules as POST /events (content source, contact fields, attachments, webhook targets,
   * templates that exist) plus the time rule. Templates are only looked up here; the scheduler
   * renders nothing itself, fan-out renders them after dispatch, so edits made before then apply.
   */
  async schedule(caller: Caller, body: ScheduledEventInput): Promise<ScheduledEventRow> {
    refuseUnstorableText(body, ['body']);
    const { scheduled_for: scheduledFor, ...rest } = body;
    const request: EventInput = { ...rest, payload: rest.payload ?? {} };
    const issues = [...scheduledForIssues(scheduledFor, this.now()), ...(await this.rules.check(request, ['body'], caller.projectId))];
    if (issues.length) throw new ValidationFailed(issues);
    return this.scheduled.insert({
      projectId: caller.projectId,
      apiKeyId: caller.apiKeyId,
      scheduledFor: new Date(scheduledFor),
      request,
      requestId: caller.requestId,
    });
  }

  async get(projectId: string, id: string): Promise<ScheduledEventRow> {
    const row = await this.scheduled.find(projectId, id);
    if (!row) throw new AppError('not_found', `scheduled event ${id} not found`);
    return row;
  }

  /** pending -> cancelled, cancelled stays cancelled; dispatched, failed and expired are final (409). */
  async cancel(projectId: string, id: string): Promise<void> {
    if (await this.scheduled.cancel(projectId, id)) return;
    const current = await this.get(projectId, id);
    throw new AppError(
      'conflict',
      `scheduled event ${id} is ${current.status} and can no longer be cancelled; only a pending scheduled event can be`,
    );
  }
}
