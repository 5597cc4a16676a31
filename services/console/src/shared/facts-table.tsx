import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Name–value pairs as a table with row headers, so a screen reader announces the name with each
 * value; the caption says what the facts are about.
 */
export function FactsTable({ caption, rows, nameWidth = 200 }: { caption: string; rows: Array<[string, ReactNode]>; nameWidth?: number }) {
  return (
    <Table withRowBorders={false} maw={760}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" w={nameWidth}>
              {name}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
