import type { Queryable } from '@herald/db';
import { DeliveryFeedRepository } from './delivery-feed.repository';

/** Every repository the live deliveries read, on the database or one transaction. */
export function liveDeliveriesRepositories(q: Queryable) {
  return {
    feed: new DeliveryFeedRepository(q),
  };
}
