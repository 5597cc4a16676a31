import type { Queryable } from '@herald/db';
import { ValidationFailed } from '@herald/errors';

/** openapi.yaml's bounds for `page` and `per_page`; deeper pages are reached by filtering. */
export const MAX_PAGE = 100_000;
export const MAX_PER_PAGE = 100;

export interface PageRequest {
  page: number;
  perPage: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  per_page: number;
  total_pages: number;
}

/**
 * A project-scoped WHERE clause built from optional conditions: a condition whose value is
 * undefined (a filter the caller did not give) is left out. The control plane scopes by
 * organization instead (`scopeSql` then names the organization's projects); a scope is always
 * given, so no list can run unscoped.
 */
export class Where {
  readonly clauses: string[] = [];
  readonly params: unknown[] = [];

  /** An undefined scope adds no clause (the platform-wide queries of /admin/*). */
  constructor(projectId: string | undefined, scopeSql = 'project_id = ?') {
    this.add(scopeSql, projectId);
  }

  /**
   * Every `?` in `sql` stands for the value. Stored text never contains U+0000 (PostgreSQL refuses it),
   * so a filter value holding one matches nothing, and is not handed to PostgreSQL to refuse.
   */
  add(sql: string, value: unknown): this {
    if (value === undefined || value === '') return this;
    if (typeof value === 'string' && value.includes('\u0000')) {
      this.clauses.push('false');
      return this;
    }
    this.params.push(value);
    this.clauses.push(sql.replaceAll('?', `$${this.params.length}`));
    return this;
  }
}

export interface PageQuery {
  select: string;
  from: string;
  where: Where;
  orderBy: string;
  page: PageRequest;
}

function bounded(name: string, value: number, max: number): number {
  if (Number.isInteger(value) && value >= 1 && value <= max) return value;
  throw new ValidationFailed([{ loc: ['query', name], msg: `must be an integer from 1 to ${max}`, type: 'value_error' }]);
}

/**
 * The validator already holds both to openapi.yaml; checking again here means no caller can
 * hand PostgreSQL an offset it refuses (a 500): the largest offset is 9,999,900.
 */
export function offsetOf(page: PageRequest): number {
  return (bounded('page', page.page, MAX_PAGE) - 1) * bounded('per_page', page.perPage, MAX_PER_PAGE);
}

/** The pagination envelope every list returns: one count and one page query, run side by side. */
export async function pageQuery<T extends Record<string, unknown>>(db: Queryable, q: PageQuery): Promise<Page<T>> {
  const { clauses, params } = q.where;
  const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
  const offset = offsetOf(q.page);
  const [count, items] = await Promise.all([
    db.query<{ total: string }>(`SELECT count(*) AS total FROM ${q.from} ${where}`, params),
    db.query<T>(
      `SELECT ${q.select} FROM ${q.from} ${where} ORDER BY ${q.orderBy} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, q.page.perPage, offset],
    ),
  ]);
  return pageOf(items.rows, Number(count.rows[0].total), q.page);
}

/** The pagination envelope every list returns, from one page of items and the count of all of them. */
export function pageOf<T>(items: T[], total: number, page: PageRequest): Page<T> {
  return { items, total, page: page.page, per_page: page.perPage, total_pages: Math.ceil(total / page.perPage) };
}
