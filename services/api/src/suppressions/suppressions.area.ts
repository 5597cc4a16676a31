import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { suppressionRoutes } from './suppression.routes';
import { suppressionsRepositories } from './suppressions.repositories';
import { SuppressionsService } from './suppressions.service';

/** A project's suppression list. */
export function suppressionsArea({ db }: Infrastructure): Area {
  const repo = suppressionsRepositories(db).suppressions;
  return { routes: suppressionRoutes({ repo, suppressions: new SuppressionsService(repo) }) };
}
