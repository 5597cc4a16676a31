import { outboxBacklog, outboxOldestAge, queueConsumers, queueMessages, type ScrapeHook } from '@herald/metrics';
import type { PlatformHealthCheck } from './platform-health';

/**
 * Queue depths, consumers and the outbox backlog on /metrics of every api process: the same
 * computation as GET /admin/health and `herald status`, refreshed when Prometheus scrapes. Every
 * replica reports the same platform-wide values, so dashboards and alerts take `max` over
 * instances, never `sum`. A part that does not answer keeps its last values.
 */
export function platformGauges(check: PlatformHealthCheck): ScrapeHook {
  return {
    name: 'platform gauges',
    async refresh() {
      const health = await check.check();
      for (const q of health.queues) {
        if (q.messages !== null) queueMessages.set({ queue: q.name }, q.messages);
        if (q.consumers !== null) queueConsumers.set({ queue: q.name }, q.consumers);
      }
      if (health.outbox) {
        outboxBacklog.set(health.outbox.backlog);
        outboxOldestAge.set(health.outbox.oldest_age_seconds ?? 0);
      }
    },
  };
}
