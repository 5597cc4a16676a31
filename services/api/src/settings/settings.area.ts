import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { settingsRoutes } from './settings.routes';

/** The limits and settings a project's clients may read. */
export function settingsArea({ config }: Infrastructure): Area {
  return { routes: settingsRoutes(config) };
}
