import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { categoriesRepositories } from './categories.repositories';
import { CategoriesService } from './categories.service';
import { categoryRoutes } from './category.routes';

/** A project's email categories (`marketing`, `digest`...), which recipients can opt out of one by one. */
export function categoriesArea({ db }: Infrastructure): Area {
  return {
    routes: categoryRoutes({ repo: categoriesRepositories(db).categories, categories: new CategoriesService(db, categoriesRepositories) }),
  };
}
