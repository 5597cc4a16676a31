import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { DeliveryFeed } from './delivery-feed';
import { LiveDeliveriesService } from './live-deliveries.service';
import { liveDeliveriesRepositories } from './live-deliveries.repositories';
import { liveDeliveriesRoutes } from './live-deliveries.routes';
import { StreamLimits } from './stream-limits';

/**
 * A project's delivery attempts as they are recorded, streamed as Server-Sent Events: one feed
 * per process reads them while a stream is open; the streams end when the api drains.
 */
export function liveDeliveriesArea({ db, config, logger }: Infrastructure): Area {
  const repo = liveDeliveriesRepositories(db).feed;
  const feed = new DeliveryFeed(repo, logger, { pollMs: config.LIVE_FEED_POLL_MS });
  const limits = new StreamLimits(config.LIVE_STREAMS_PER_CALLER, config.LIVE_STREAMS_PER_PROCESS);
  const live = new LiveDeliveriesService(feed, repo, limits, config.LIVE_STREAM_BUFFER_BYTES, logger);
  return {
    routes: liveDeliveriesRoutes(live),
    jobs: [
      {
        name: 'live delivery streams',
        start: () => undefined,
        drain: async () => live.closeAll(),
        stop: async () => live.closeAll(),
      },
    ],
  };
}
