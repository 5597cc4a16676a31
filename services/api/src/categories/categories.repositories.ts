import type { Queryable } from '@herald/db';
import { CategoryRepository } from './category.repository';

/** Every repository a project's email categories use, on the database or one transaction. */
export function categoriesRepositories(q: Queryable) {
  return {
    categories: new CategoryRepository(q),
  };
}

export type CategoriesRepositories = ReturnType<typeof categoriesRepositories>;
