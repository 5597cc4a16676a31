import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import { formatTime } from '../../shared/format';
import type { AdminPermission } from '../admin-permissions';
import { PermissionList } from './permission-list';

interface Account {
  id: string;
  permissions: readonly AdminPermission[];
  created_at: string;
}

interface AccountsTableProps<T extends Account> {
  caption: string;
  /** The first column: what names an account of this kind (an email, a name); it links to the account's page. */
  nameHeader: string;
  nameOf: (account: T) => string;
  /** The last column's heading, over each account's `created_at`. */
  sinceHeader: string;
  accounts: readonly T[];
}

/** One page of platform accounts (administrators, system accounts) with what each may do. */
export function AccountsTable<T extends Account>({ caption, nameHeader, nameOf, sinceHeader, accounts }: AccountsTableProps<T>) {
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped verticalSpacing="sm">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{nameHeader}</Table.Th>
            <Table.Th scope="col">Permissions</Table.Th>
            <Table.Th scope="col">{sinceHeader}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>
                <Anchor component={Link} to={a.id}>
                  {nameOf(a)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <PermissionList permissions={a.permissions} />
              </Table.Td>
              <Table.Td>{formatTime(a.created_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
