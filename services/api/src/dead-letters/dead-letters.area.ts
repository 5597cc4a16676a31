import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { DeadLetterRepository } from './dead-letter.repository';
import { deadLetterRoutes } from './dead-letter.routes';
import { deadLettersService } from './dead-letters.wiring';

/** A project's dead-lettered deliveries: list, inspect, replay. */
export function deadLettersArea({ db, config, onCommitted }: Infrastructure): Area {
  return { routes: deadLetterRoutes({ repo: new DeadLetterRepository(db), deadLetters: deadLettersService(db, config, onCommitted) }) };
}
