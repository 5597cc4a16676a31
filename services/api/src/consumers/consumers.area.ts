import { SecretBox } from '@herald/secrets';
import { deadLettersService } from '../dead-letters/dead-letters.wiring';
import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { consumerRoutes } from './consumer.routes';
import { consumersRepositories } from './consumers.repositories';
import { ConsumersService } from './consumers.service';
import { endpointRoutes } from './endpoint.routes';
import { EndpointsService } from './endpoints.service';

/** Webhook consumers of a project and their endpoints, each with its own signing secret (docs/consumers.md). */
export function consumersArea({ db, config, names, eventRules, eventCatalogue, onCommitted }: Infrastructure): Area {
  const repos = consumersRepositories(db);
  const endpoints = new EndpointsService(db, consumersRepositories, new SecretBox(config.secretsKey), () => eventRules.targetSession());
  const testEvents = { endpoints: repos.endpoints, events: repos.eventStore, rules: eventRules, names, onCommitted };
  const consumers = consumerRoutes({ repo: repos.consumers, consumers: new ConsumersService(repos.consumers, eventCatalogue) });
  return { routes: consumers.include(endpointRoutes({ endpoints, testEvents, deadLetters: deadLettersService(db, config, onCommitted) })) };
}
