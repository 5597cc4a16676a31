import { Loader, Text } from '@mantine/core';
import { AccountsTable } from './accounts-table';
import { ErrorAlert } from '../../shared/error-alert';
import { Page } from '../../shared/page';
import { Pager } from '../../shared/pager';
import { useUrlFilters } from '../../shared/url-filters';
import { AddAdministratorForm } from './add-administrator-form';
import { useAdminPermissions } from '../admin-permissions';
import { useAdministrators } from './administrators.query';

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
          <AccountsTable
            caption="Platform administrators and their permissions"
            nameHeader="Email"
            nameOf={(a) => a.email}
            sinceHeader="Since"
            accounts={administrators.data.items}
          />
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
