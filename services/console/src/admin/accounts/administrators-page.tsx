import { Anchor, Loader, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorAlert } from '../../shared/error-alert';
import { formatTime } from '../../shared/format';
import { Page } from '../../shared/page';
import { Pager } from '../../shared/pager';
import { useUrlFilters } from '../../shared/url-filters';
import { AddAdministratorForm } from './add-administrator-form';
import { useAdminPermissions } from '../admin-permissions';
import { useAdministrators } from './administrators.query';
import { PermissionList } from './permission-list';

const NO_FILTERS: readonly never[] = [];

/** Everyone who may act on the platform, with what each may do; writers add more. */
export function AdministratorsPage() {
  const { page, setPage } = useUrlFilters(NO_FILTERS);
  const administrators = useAdministrators(page);
  const { has } = useAdminPermissions();
  return (
    <Page title="Administrators">
      <Text size="sm" c="dimmed">
        Administrators act on the whole platform with the permissions they hold. Nobody grants a permission they lack, nor changes or
        removes an administrator holding one they lack.
      </Text>
      <ErrorAlert error={administrators.error} title="Could not load the administrators" />
      {administrators.isLoading && <Loader aria-label="Loading administrators" />}
      {administrators.data && (
        <>
          <Table.ScrollContainer minWidth={700}>
            <Table striped verticalSpacing="sm">
              <Table.Caption>Platform administrators and their permissions</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Email</Table.Th>
                  <Table.Th scope="col">Permissions</Table.Th>
                  <Table.Th scope="col">Since</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {administrators.data.items.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>
                      <Anchor component={Link} to={a.id}>
                        {a.email}
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
          <Pager
            page={page}
            totalPages={administrators.data.total_pages}
            total={administrators.data.total}
            onChange={setPage}
            label="administrators"
          />
        </>
      )}
      {has('administrators:write') && <AddAdministratorForm />}
    </Page>
  );
}
