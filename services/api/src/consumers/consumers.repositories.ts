import type { Queryable } from '@herald/db';
import { EventStoreRepository } from '@herald/intake';
import { ConsumerRepository } from './consumer.repository';
import { EndpointRepository } from './endpoint.repository';

/** Every repository consumers and their endpoints use, on the database or one transaction. */
export function consumersRepositories(q: Queryable) {
  return {
    consumers: new ConsumerRepository(q),
    endpoints: new EndpointRepository(q),
    /** A test event is an event like any other (event + outbox in one statement). */
    eventStore: new EventStoreRepository(q),
  };
}

export type ConsumersRepositories = ReturnType<typeof consumersRepositories>;
