import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Caps how far V8 lets the old generation grow past what survived the last full collection.
 * V8 sizes that growth by the machine, not the process: on a host with gigabytes free it lets a
 * busy api fill up to four times its ~40 MB live heap with garbage before collecting (measured:
 * ~235 MB peak RSS against ~145 MB at 30%; docs/benchmarks.md). A container's memory limit
 * should hold the live set, not V8's optimism.
 *
 * V8 reads the flag whenever it recomputes the heap's limit, which it does after a full
 * collection; one is run here, once, so the limit set while the modules loaded does not carry
 * the default growth into the first minutes of load (measured: ~10 MB of peak RSS).
 */
export function applyHeapPolicy(growthPercent: number): void {
  if (growthPercent <= 0) return;
  setFlagsFromString(`--heap-growing-percent=${growthPercent}`);
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  setFlagsFromString('--no-expose-gc');
}
