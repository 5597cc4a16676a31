import { useCallback, useRef, useState } from 'react';
import type { Delivery } from './delivery-stream';

export interface TailRow extends Delivery {
  cursor: string;
}

/** Rows kept in memory: a tail left open all day must not grow without end. */
export const TAIL_LIMIT = 200;

/** `incoming` oldest first, as the stream sends them. */
const newestFirst = (incoming: TailRow[], rows: TailRow[]) => [...[...incoming].reverse(), ...rows].slice(0, TAIL_LIMIT);

/**
 * The tail's rows, newest first and capped. Paused, arrivals wait aside (capped too) instead of
 * moving the rows a person is reading; resuming puts them on top.
 */
export function useTail() {
  const [rows, setRows] = useState<TailRow[]>([]);
  const [heldCount, setHeldCount] = useState(0);
  const [paused, setPaused] = useState(false);
  // Read and written by `add`, which the stream calls between renders.
  const pausedNow = useRef(false);
  const held = useRef<TailRow[]>([]);
  // A replay after a reconnect starts after the last id read; this keeps a row from showing twice anyway.
  const newest = useRef(-1n);

  const add = useCallback((delivery: Delivery, cursor: string) => {
    const id = BigInt(cursor);
    if (id <= newest.current) return;
    newest.current = id;
    const row = { ...delivery, cursor };
    if (pausedNow.current) {
      held.current = [...held.current, row].slice(-TAIL_LIMIT);
      setHeldCount(held.current.length);
    } else setRows((r) => newestFirst([row], r));
  }, []);

  const pause = useCallback(() => {
    pausedNow.current = true;
    setPaused(true);
  }, []);

  const resume = useCallback(() => {
    pausedNow.current = false;
    setPaused(false);
    const waiting = held.current;
    held.current = [];
    setHeldCount(0);
    if (waiting.length) setRows((r) => newestFirst(waiting, r));
  }, []);

  return { rows, held: heldCount, paused, add, pause, resume };
}
