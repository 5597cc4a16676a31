import { ApiError } from '../session/api-error';

/**
 * The api's 409 names the status that made the event final ("... is dispatched and can no longer
 * be cancelled ..."); this says what that status means for the person who wanted it stopped.
 */
const WHY: Record<string, string> = {
  dispatched: 'It was already dispatched: its time came and Herald published it as an event, so its notifications are on their way.',
  failed: 'It had already failed at dispatch (its content could no longer be delivered), so nothing was sent and there is nothing to stop.',
  expired:
    'It had already expired (no scheduler dispatched it within an hour of its time), so nothing was sent and there is nothing to stop.',
};

export function explainCancelError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 409) return error;
  const status = /is (dispatched|failed|expired)\b/.exec(error.detail)?.[1];
  const why = (status && WHY[status]) ?? `It is no longer pending (${error.detail}).`;
  return new Error(`This scheduled event cannot be cancelled. ${why} Only a pending scheduled event can be cancelled.`);
}
