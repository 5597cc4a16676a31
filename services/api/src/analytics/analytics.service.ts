import { CHANNELS, type Channel } from '@herald/contracts';
import { ValidationFailed } from '@herald/errors';
import type { AnalyticsRepository, Range } from './analytics.repository';
import { parseInstant } from '../shared/instant';

/** Without date_from, analytics cover the 30 days before date_to (default: now). */
export const DEFAULT_RANGE_MS = 30 * 24 * 3600 * 1000;
/** A trend answers at most this many buckets (hour granularity: about 83 days). */
export const MAX_BUCKETS = 2000;
const UNIT_MS = { hour: 3600 * 1000, day: 24 * 3600 * 1000 } as const;

export interface RangeQuery {
  date_from?: string;
  date_to?: string;
}

export class AnalyticsService {
  constructor(
    private readonly analytics: AnalyticsRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * `sent`: notifications Herald took on to send (every status but suppressed: delivered, failed,
   * and those still in flight). delivery_rate: delivered / (delivered + failed), 0 while nothing
   * has finished.
   */
  async summary(projectId: string | string[], query: RangeQuery) {
    // One project on the project plane; any set of them (the whole platform) on /admin/analytics.
    const projects = [projectId].flat();
    const range = this.range(query);
    const [totalEvents, counts] = await Promise.all([
      this.analytics.countEvents(projects, range),
      this.analytics.countByStatus(projects, range),
    ]);
    const breakdown = Object.fromEntries(CHANNELS.map((c) => [c, { sent: 0, delivered: 0, failed: 0 }])) as Record<
      Channel,
      { sent: number; delivered: number; failed: number }
    >;
    let total = 0;
    for (const { channel, status, n } of counts) {
      total += n;
      if (status !== 'suppressed') breakdown[channel].sent += n;
      if (status === 'delivered') breakdown[channel].delivered += n;
      if (status === 'failed') breakdown[channel].failed += n;
    }
    const delivered = CHANNELS.reduce((n, c) => n + breakdown[c].delivered, 0);
    const failed = CHANNELS.reduce((n, c) => n + breakdown[c].failed, 0);
    return {
      date_from: range.from,
      date_to: range.to,
      total_events: totalEvents,
      total_notifications: total,
      delivery_rate: delivered + failed === 0 ? 0 : delivered / (delivered + failed),
      channel_breakdown: breakdown,
    };
  }

  async trends(projectId: string, query: RangeQuery & { granularity?: 'hour' | 'day' }) {
    const granularity = query.granularity ?? 'day';
    const range = this.range(query);
    const buckets = Math.floor(range.to.getTime() / UNIT_MS[granularity]) - Math.floor(range.from.getTime() / UNIT_MS[granularity]) + 1;
    if (buckets > MAX_BUCKETS) {
      throw new ValidationFailed([
        {
          loc: ['query', 'date_from'],
          msg: `the range spans ${buckets} ${granularity} buckets; at most ${MAX_BUCKETS} are answered, narrow the range or use day granularity`,
          type: 'value_error',
        },
      ]);
    }
    const series = await this.analytics.trend([projectId], range, granularity);
    return { granularity, date_from: range.from, date_to: range.to, series };
  }

  private range(query: RangeQuery): Range {
    const to = query.date_to ? parseInstant(query.date_to, ['query', 'date_to']) : this.now();
    const from = query.date_from ? parseInstant(query.date_from, ['query', 'date_from']) : new Date(to.getTime() - DEFAULT_RANGE_MS);
    if (from > to) {
      throw new ValidationFailed([{ loc: ['query', 'date_from'], msg: 'date_from must not be after date_to', type: 'value_error' }]);
    }
    return { from, to };
  }
}
