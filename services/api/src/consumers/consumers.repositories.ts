import type { Queryable } from '@herald/db';
import { ConsumerRepository } from './consumer.repository';
import { EndpointRepository } from './endpoint.repository';

/** Every repository consumers and their endpoints use, on the database or one transaction. */
export function consumersRepositories(q: Queryable) {
  return {
    consumers: new ConsumerRepository(q),
    endpoints: new EndpointRepository(q),
  };
}

export type ConsumersRepositories = ReturnType<typeof consumersRepositories>;
