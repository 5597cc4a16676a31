import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters and page live in the URL's query, so a view can be shared or bookmarked and
 * the back button undoes a filter. Empty values are left out of the URL; any change of filter
 * goes back to page 1.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>, [params, keys]);
  const page = Math.max(1, Number(params.get('page')) || 1);

  const setFilters = useCallback(
    (next: Partial<Record<K, string>>) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next) as Array<[K, string | undefined]>) {
          if (value) updated.set(key, value);
          else updated.delete(key);
        }
        updated.delete('page');
        return updated;
      }),
    [setParams],
  );

  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next > 1) updated.set('page', String(next));
        else updated.delete('page');
        return updated;
      }),
    [setParams],
  );

  /** The filters as query parameters for the api: empty ones left out. */
  const query = useMemo(
    () => Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')) as Partial<Record<K, string>>,
    [filters],
  );

  return { filters, query, page, setFilters, setPage };
}
