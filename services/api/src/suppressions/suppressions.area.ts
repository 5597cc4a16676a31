import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { SuppressionRepository } from './suppression.repository';
import { suppressionRoutes } from './suppression.routes';
import { SuppressionsService } from './suppressions.service';

/** A project's suppression list. */
export function suppressionsArea({ db }: Infrastructure): Area {
  const repo = new SuppressionRepository(db);
  return { routes: suppressionRoutes({ repo, suppressions: new SuppressionsService(repo) }) };
}
