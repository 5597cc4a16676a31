import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * How often, in milliseconds, the event-loop lag histogram samples. prom-client's 10 ms woke
 * every idle service about a hundred times a second (with scheduler, email and sms workers idle
 * most of the time, ~1% of a core each, and context switches for the busy ones on a small node).
 * At 100 ms a scrape every 15 s still gets 150 samples, enough for the dashboard's p99.
 */
export const EVENT_LOOP_SAMPLE_MS = 100;

/**
 * The process's one registry: every Herald metric and the runtime's process metrics (CPU, memory,
 * event-loop lag, GC, handles). Services started together in one process (tests) share it,
 * which is what a scrape of that process should show.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
