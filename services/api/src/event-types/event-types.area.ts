import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { eventTypeRoutes } from './event-type.routes';
import { eventTypesRepositories } from './event-types.repositories';
import { EventTypesService } from './event-types.service';

/** A project's catalogue of event types: what consumers subscribe to, with payload schemas intake enforces. */
export function eventTypesArea({ db, eventCatalogue }: Infrastructure): Area {
  const repo = eventTypesRepositories(db).eventTypes;
  return { routes: eventTypeRoutes({ repo, eventTypes: new EventTypesService(repo, eventCatalogue) }) };
}
