import { Anchor, Loader, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorAlert } from '../../shared/error-alert';
import { formatTime } from '../../shared/format';
import { Page } from '../../shared/page';
import { Pager } from '../../shared/pager';
import { useUrlFilters } from '../../shared/url-filters';
import { useAdminPermissions } from '../admin-permissions';
import { CreateSystemAccountForm } from './create-system-account-form';
import { PermissionList } from './permission-list';
import { useSystemAccounts } from './system-accounts.query';

const NO_FILTERS: readonly never[] = [];

/** The platform's machine administrators: scripts act with their credentials. */
export function SystemAccountsPage() {
  const { page, setPage } = useUrlFilters(NO_FILTERS);
  const accounts = useSystemAccounts(page);
  const { has } = useAdminPermissions();
  return (
    <Page title="System accounts">
      <Text size="sm" c="dimmed">
        A system account is an administrator for scripts: its credentials are bearers on the administration api only, with the
        account&apos;s permissions.
      </Text>
      <ErrorAlert error={accounts.error} title="Could not load the system accounts" />
      {accounts.isLoading && <Loader aria-label="Loading system accounts" />}
      {accounts.data && (
        <>
          <Table.ScrollContainer minWidth={700}>
            <Table striped verticalSpacing="sm">
              <Table.Caption>System accounts and their permissions</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Permissions</Table.Th>
                  <Table.Th scope="col">Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {accounts.data.items.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>
                      <Anchor component={Link} to={a.id}>
                        {a.name}
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
          {accounts.data.items.length === 0 && <Text>No system account yet.</Text>}
          <Pager
            page={page}
            totalPages={accounts.data.total_pages}
            total={accounts.data.total}
            onChange={setPage}
            label="system accounts"
          />
        </>
      )}
      {has('system_accounts:write') && <CreateSystemAccountForm />}
    </Page>
  );
}
