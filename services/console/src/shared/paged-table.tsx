import { Loader, Table, Text, type TableTdProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert';
import { Pager } from './pager';

/** One column: its heading and what each row shows under it. */
export interface Column<T> {
  header: string;
  cell(item: T): ReactNode;
  /** The cell's own props where a column needs them: a title with the full id, a font, no wrapping. */
  td?(item: T): TableTdProps;
}

/** A cell that keeps to one line (times, counts). */
export const noWrap = (): TableTdProps => ({ style: { whiteSpace: 'nowrap' } });

/** A page of a list as the api answers it. */
interface PageOf<T> {
  items: T[];
  total: number;
  total_pages: number;
}

interface PagedTableProps<T> {
  /** The list's query: what it loaded, or why it could not. */
  list: { data?: PageOf<T>; error: unknown; isLoading: boolean };
  /** What is listed, as "Loading …" and "Could not load …" name it: "the audit log", "the events". */
  what: string;
  caption: string;
  columns: ReadonlyArray<Column<T>>;
  rowKey(item: T): string;
  /** Said instead of rows when the page has none. */
  empty: ReactNode;
  page: number;
  onPage(page: number): void;
  /** What the pager counts, plural ("audit entries"), and its singular where English's regular one does not fit. */
  unit: string;
  one?: string;
  highlightOnHover?: boolean;
  /** Below this width the table scrolls sideways instead of squeezing its columns (wide tables). */
  minWidth?: number;
  /** Where the caption shows; the organization's pages put it above, as a heading of the list. */
  captionSide?: 'top' | 'bottom';
}

/**
 * A server-paged list as every list page shows it: why it could not load, that it is loading, the
 * table with its caption and column headers for screen readers, what an empty page means, and the
 * pager. The page around it keeps its filters and actions.
 */
export function PagedTable<T>({
  list,
  what,
  caption,
  columns,
  rowKey,
  empty,
  page,
  onPage,
  unit,
  one,
  highlightOnHover,
  minWidth,
  captionSide,
}: PagedTableProps<T>) {
  const table = (
    <Table striped highlightOnHover={highlightOnHover} captionSide={captionSide}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.header} scope="col">
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.data?.items.map((item) => (
          <Table.Tr key={rowKey(item)}>
            {columns.map((column) => (
              <Table.Td key={column.header} {...column.td?.(item)}>
                {column.cell(item)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <>
      <ErrorAlert error={list.error} title={`Could not load ${what}`} />
      {list.isLoading && <Loader aria-label={`Loading ${what}`} />}
      {list.data && (
        <>
          {minWidth ? <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer> : table}
          {list.data.items.length === 0 && <Text>{empty}</Text>}
          <Pager page={page} totalPages={list.data.total_pages} total={list.data.total} onChange={onPage} label={unit} one={one} />
        </>
      )}
    </>
  );
}
