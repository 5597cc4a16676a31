import type { components } from '@herald/client';
import { localInputToIso } from '../shared/format';

type Channel = components['schemas']['Channel'];
type DeadLetterStatus = components['schemas']['DeadLetterStatus'];

/** The list's filters as the URL keeps them; the dates as the datetime-local inputs show them. */
export const FILTER_KEYS = ['status', 'channel', 'error_type', 'created_from', 'created_to'] as const;
export type DeadLetterFilter = Record<(typeof FILTER_KEYS)[number], string>;

export const STATUSES: Array<{ value: DeadLetterStatus; label: string }> = [
  { value: 'active', label: 'Active (waiting for a decision)' },
  { value: 'retried', label: 'Retried' },
  { value: 'discarded', label: 'Discarded' },
];

export const CHANNELS: Array<{ value: Channel; label: string }> = [
  { value: 'email', label: 'Email' },
  { value: 'sms', label: 'SMS' },
  { value: 'webhook', label: 'Webhook' },
];

/** The reasons the workers give (libs/delivery's DeadLetterType); the api takes any string. */
export const ERROR_TYPES = [
  { value: 'permanent_failure', label: 'Refused for good' },
  { value: 'retries_exhausted', label: 'Ran out of attempts' },
];

export function errorTypeLabel(errorType: string): string {
  return ERROR_TYPES.find((t) => t.value === errorType)?.label ?? errorType;
}

/** A date from the URL, which anyone may have edited: one that cannot be read filters nothing. */
function toIso(local: string | undefined): string | undefined {
  return local && !Number.isNaN(new Date(local).getTime()) ? localInputToIso(local) : undefined;
}

/** What a bulk replay takes: every filter but status (a replay only ever takes active records). */
export function replayBody(filter: Partial<DeadLetterFilter>): Omit<components['schemas']['DeadLetterReplay'], 'limit'> {
  const createdFrom = toIso(filter.created_from);
  const createdTo = toIso(filter.created_to);
  return {
    ...(filter.channel ? { channel: filter.channel as Channel } : {}),
    ...(filter.error_type ? { error_type: filter.error_type } : {}),
    ...(createdFrom ? { created_from: createdFrom } : {}),
    ...(createdTo ? { created_to: createdTo } : {}),
  };
}

/** The list's query for the api: the replay's filter plus status. */
export function listQuery(filter: Partial<DeadLetterFilter>) {
  return { ...replayBody(filter), ...(filter.status ? { status: filter.status as DeadLetterStatus } : {}) };
}

/** True when the filter narrows what a replay takes (status aside). */
export function narrowsReplay(filter: Partial<DeadLetterFilter>): boolean {
  return Object.keys(replayBody(filter)).length > 0;
}
