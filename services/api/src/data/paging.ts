import type { Queryable } from '@herald/db';

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

export interface PageQuery {
  select: string;
  from: string;
  where: string[];
  params: unknown[];
  orderBy: string;
  page: PageRequest;
}

/** The pagination envelope every list returns: one count and one page query, run side by side. */
export async function pageQuery<T extends Record<string, unknown>>(db: Queryable, q: PageQuery): Promise<Page<T>> {
  const where = q.where.length ? `WHERE ${q.where.join(' AND ')}` : '';
  const offset = (q.page.page - 1) * q.page.perPage;
  const [count, items] = await Promise.all([
    db.query<{ total: string }>(`SELECT count(*) AS total FROM ${q.from} ${where}`, q.params),
    db.query<T>(
      `SELECT ${q.select} FROM ${q.from} ${where} ORDER BY ${q.orderBy} LIMIT $${q.params.length + 1} OFFSET $${q.params.length + 2}`,
      [...q.params, q.page.perPage, offset],
    ),
  ]);
  const total = Number(count.rows[0].total);
  return { items: items.rows, total, page: q.page.page, per_page: q.page.perPage, total_pages: Math.ceil(total / q.page.perPage) };
}
