import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useProjectApi, useProjectId } from '../projects/current-project';
import { unwrap } from '../session/api-error';
import { listQuery, replayBody, type DeadLetterFilter } from './dead-letter-filter';
import { deadLettersKey } from './dead-letters.query';

/**
 * Records per replay call. POST /dead-letter/retry answers only when its whole call is done and
 * offers no job to follow, so the console asks for the work in slices of the api's own page size
 * (500) and, after each, re-reads how many matching records are still active: that count going
 * down is the progress a person sees, and between slices they can stop.
 */
export const REPLAY_SLICE = 500;

export type ReplayState =
  | { phase: 'idle' }
  | { phase: 'running'; initial: number; remaining: number; requeued: number; stopping: boolean }
  | { phase: 'done'; initial: number; remaining: number; requeued: number; stopped: boolean }
  | { phase: 'failed'; error: unknown; requeued: number };

export function useBulkReplay(filter: Partial<DeadLetterFilter>) {
  const api = useProjectApi();
  const projectId = useProjectId();
  const queries = useQueryClient();
  const [state, setState] = useState<ReplayState>({ phase: 'idle' });
  const stop = useRef(false);

  const remainingNow = useCallback(async () => {
    const query = { ...listQuery(filter), status: 'active' as const, per_page: 1 };
    return unwrap(await api.GET('/dead-letter', { params: { query } })).total;
  }, [api, filter]);

  const start = useCallback(
    async (initial: number) => {
      stop.current = false;
      let requeued = 0;
      let remaining = initial;
      setState({ phase: 'running', initial, remaining, requeued, stopping: false });
      try {
        for (;;) {
          const answer = unwrap(await api.POST('/dead-letter/retry', { body: { ...replayBody(filter), limit: REPLAY_SLICE } }));
          requeued += answer.requeued;
          remaining = await remainingNow();
          if (!answer.limit_reached || stop.current) break;
          setState({ phase: 'running', initial, remaining, requeued, stopping: false });
        }
        setState({ phase: 'done', initial, remaining, requeued, stopped: stop.current });
      } catch (error) {
        setState({ phase: 'failed', error, requeued });
      } finally {
        await queries.invalidateQueries({ queryKey: deadLettersKey(projectId) });
      }
    },
    [api, filter, projectId, queries, remainingNow],
  );

  const requestStop = useCallback(() => {
    stop.current = true;
    setState((s) => (s.phase === 'running' ? { ...s, stopping: true } : s));
  }, []);

  const reset = useCallback(() => setState({ phase: 'idle' }), []);

  return { state, start, requestStop, reset };
}
