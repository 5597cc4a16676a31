import { Loader, Text } from '@mantine/core';
import { AccountsTable } from './accounts-table';
import { ErrorAlert } from '../../shared/error-alert';
import { Page } from '../../shared/page';
import { Pager } from '../../shared/pager';
import { useUrlFilters } from '../../shared/url-filters';
import { useAdminPermissions } from '../admin-permissions';
import { CreateSystemAccountForm } from './create-system-account-form';
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
          <AccountsTable
            caption="System accounts and their permissions"
            nameHeader="Name"
            nameOf={(a) => a.name}
            sinceHeader="Created"
            accounts={accounts.data.items}
          />
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
