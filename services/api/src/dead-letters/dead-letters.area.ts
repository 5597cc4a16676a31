import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { deadLetterRoutes } from './dead-letter.routes';
import { deadLettersRepositories } from './dead-letters.repositories';
import { deadLettersService } from './dead-letters.wiring';

/** A project's dead-lettered deliveries: list, inspect, replay. */
export function deadLettersArea({ db, config, onCommitted }: Infrastructure): Area {
  return {
    routes: deadLetterRoutes({ repo: deadLettersRepositories(db).deadLetters, deadLetters: deadLettersService(db, config, onCommitted) }),
  };
}
