import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's one registry: every Herald metric and the runtime's process metrics (CPU, memory,
 * event-loop lag, GC, handles). Services started together in one process (tests) share it,
 * which is what a scrape of that process should show.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });
