import { Group, Pagination, Text } from '@mantine/core';

interface PagerProps {
  page: number;
  totalPages: number;
  total: number;
  onChange(page: number): void;
  /** What is being paged, plural, for the count and the screen reader's label ("events", "templates"...). */
  label: string;
  /** The singular, where English's regular plural ("entries", "keys") does not give it. */
  one?: string;
}

function singular(plural: string): string {
  return plural.endsWith('ies') ? `${plural.slice(0, -3)}y` : plural.replace(/s$/, '');
}

/** The server's paging (page, total_pages, total) as one control under every list. */
export function Pager({ page, totalPages, total, onChange, label, one = singular(label) }: PagerProps) {
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total} {total === 1 ? one : label}
      </Text>
      {totalPages > 1 && (
        <Pagination
          total={totalPages}
          value={page}
          onChange={onChange}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p} of ${label}` })}
          aria-label={`Pages of ${label}`}
        />
      )}
    </Group>
  );
}
