import { hasPgCode, PgError, type Database } from '@herald/db';
import { TRANSACTIONAL_CATEGORY } from '@herald/contracts';
import { AppError, ValidationFailed } from '@herald/errors';
import type { RepositoryFactory } from '../shared/repositories';
import { refuseUnstorableText } from '../shared/storable-text.rule';
import type { CategoriesRepositories } from './categories.repositories';
import type { CategoryRow } from './category.repository';

/** openapi.yaml's limit on a project's categories; the preferences page lists them all. */
export const MAX_CATEGORIES_PER_PROJECT = 50;

/** Category use cases. `transactional` is implicit: never stored, so never listed, changed or deleted. */
export class CategoriesService {
  private readonly repos: CategoriesRepositories;

  constructor(
    private readonly db: Database,
    private readonly repositories: RepositoryFactory<CategoriesRepositories>,
  ) {
    this.repos = repositories(db);
  }

  create(projectId: string, input: { name: string; description?: string }): Promise<CategoryRow> {
    refuseUnstorableText(input, ['body']);
    if (input.name === TRANSACTIONAL_CATEGORY) {
      throw new ValidationFailed([
        { loc: ['body', 'name'], msg: 'transactional is every email without a category; it is not declared', type: 'value_error' },
      ]);
    }
    return this.db.transaction(async (tx) => {
      const categories = this.repositories(tx).categories;
      if ((await categories.countLockingProject(projectId)) >= MAX_CATEGORIES_PER_PROJECT) {
        throw new AppError('conflict', `a project may declare at most ${MAX_CATEGORIES_PER_PROJECT} categories`);
      }
      return categories.insert(projectId, input.name, input.description ?? '').catch((err) => {
        if (hasPgCode(err, PgError.uniqueViolation))
          throw new AppError('conflict', `category ${JSON.stringify(input.name)} already exists`);
        throw err;
      });
    });
  }

  async update(projectId: string, name: string, input: { description: string }): Promise<CategoryRow> {
    refuseUnstorableText(input, ['body']);
    const row = await this.repos.categories.update(projectId, name, input.description);
    if (!row) throw new AppError('not_found', `category ${JSON.stringify(name)} not found`);
    return row;
  }

  /** A category a template still names stays (the templates' foreign key): its email would lose its category. */
  async delete(projectId: string, name: string): Promise<void> {
    const deleted = await this.repos.categories.delete(projectId, name).catch((err) => {
      if (hasPgCode(err, PgError.foreignKeyViolation)) {
        throw new AppError('conflict', `category ${JSON.stringify(name)} is used by templates; give them another category first`);
      }
      throw err;
    });
    if (!deleted) throw new AppError('not_found', `category ${JSON.stringify(name)} not found`);
  }
}
