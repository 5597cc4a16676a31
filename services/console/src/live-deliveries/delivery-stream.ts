import { useEffect, useRef, useState } from 'react';
import type { components } from '@herald/client';
import { useProjectId } from '../projects/current-project';
import { ApiError } from '../session/api-error';
import { useApiClients } from '../session/session.context';
import { followEventStream, type ConnectionState } from './event-stream';

export type Delivery = components['schemas']['DeliveryStreamMessage'];
export type DeliveryOutcome = components['schemas']['DeliveryOutcome'];
export type { ConnectionState } from './event-stream';

export const OUTCOMES: DeliveryOutcome[] = ['delivered', 'retrying', 'failed'];

export interface StreamFilters {
  channel?: components['schemas']['Channel'];
  outcome?: DeliveryOutcome;
  event_id?: string;
}

export interface StreamHandlers {
  /** `cursor` is the message's `id:`: unique per attempt, larger for later ones. */
  onDelivery(delivery: Delivery, cursor: string): void;
  /** The stream stands at the present: what was missed before it opened (or while it was away) is replayed. */
  onReady?(): void;
  /** What happened while away could not be replayed: it is in GET /notifications, not here. */
  onReset?(): void;
}

/**
 * The project's delivery attempts as the api records them (`GET /deliveries/stream`), followed
 * while `enabled` and reopened whenever a filter changes. Says how the connection stands; an
 * answer not worth retrying (403, 404...) is the error and the stream stays closed.
 */
export function useDeliveryStream(filters: StreamFilters, handlers: StreamHandlers, enabled = true) {
  const clients = useApiClients();
  const projectId = useProjectId();
  const [state, setState] = useState<ConnectionState>('connecting');
  const [error, setError] = useState<ApiError | undefined>();
  // The latest handlers, without reopening the stream each time the caller renders.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const { channel, outcome, event_id } = filters;

  useEffect(() => {
    if (!enabled) {
      setState('closed');
      return;
    }
    setError(undefined);
    const query = new URLSearchParams(Object.entries({ channel, outcome, event_id }).filter((e): e is [string, string] => Boolean(e[1])));
    const search = query.toString();
    const path = `/deliveries/stream${search ? `?${search}` : ''}`;
    const controller = new AbortController();
    void followEventStream({
      signal: controller.signal,
      open: (lastEventId, signal) =>
        clients.fetchForProject(projectId, path, { signal, headers: lastEventId ? { 'Last-Event-ID': lastEventId } : {} }),
      onState: (next) => {
        if (!controller.signal.aborted) setState(next);
      },
      onRefused: async (response) => setError(await apiErrorOf(response)),
      onMessage: (message) => {
        if (message.event === 'delivery' && message.id) latest.current.onDelivery(JSON.parse(message.data) as Delivery, message.id);
        else if (message.event === 'ready') latest.current.onReady?.();
        else if (message.event === 'reset') latest.current.onReset?.();
      },
    });
    return () => controller.abort();
  }, [clients, projectId, channel, outcome, event_id, enabled]);

  return { state, error };
}

/** A refused stream's JSON error, as the typed client's calls turn theirs into ApiError. */
async function apiErrorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => undefined)) as { detail?: unknown } | undefined;
  const detail = typeof body?.detail === 'string' ? body.detail : response.statusText || `HTTP ${response.status}`;
  return new ApiError(response.status, detail);
}
