import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../shared/error-alert';
import { formatTime } from '../../shared/format';
import { Page } from '../../shared/page';
import { useAdminPermissions } from '../admin-permissions';
import { ChangePermissionsForm } from './change-permissions-form';
import { Credentials } from './credentials';
import { PermissionList } from './permission-list';
import { RemoveAccountButton } from './remove-account-button';
import { StrongerAccountNote } from './stronger-account-note';
import { useChangeSystemAccount, useDeleteSystemAccount, useSystemAccount, type SystemAccount } from './system-accounts.query';

const back = (
  <Anchor component={Link} to="/admin/system-accounts">
    All system accounts
  </Anchor>
);

export function SystemAccountPage() {
  const id = useParams().id!;
  const account = useSystemAccount(id);
  if (account.isPending)
    return (
      <Page title="System account" actions={back}>
        <Loader aria-label="Loading the system account" />
      </Page>
    );
  if (account.error)
    return (
      <Page title="System account" actions={back}>
        <ErrorAlert error={account.error} title="Cannot show this system account" />
      </Page>
    );
  return <SystemAccountDetail account={account.data} />;
}

function SystemAccountDetail({ account }: { account: SystemAccount }) {
  const { has, held, lacking } = useAdminPermissions();
  const writer = has('system_accounts:write');
  const change = useChangeSystemAccount(account.id);
  const remove = useDeleteSystemAccount(account.id);
  return (
    <Page title={`System account ${account.name}`} actions={back}>
      <Text size="sm" c="dimmed">
        Created {formatTime(account.created_at)} · id <code>{account.id}</code>
      </Text>
      {writer && <StrongerAccountNote lacking={lacking(account.permissions)} what="system account" />}
      {writer ? (
        <ChangePermissionsForm
          key={account.permissions.join()}
          permissions={account.permissions}
          held={held}
          change={change}
          nameOf={(saved) => saved.name}
        />
      ) : (
        <Stack gap={4}>
          <Title order={2} size="h4">
            Permissions
          </Title>
          <PermissionList permissions={account.permissions} />
        </Stack>
      )}
      <Credentials account={account} writer={writer} />
      {writer && (
        <RemoveAccountButton
          remove={remove}
          label="Delete system account"
          title={`Delete ${account.name}?`}
          consequence="Every credential of this account is refused (401) from the next request. This cannot be undone."
          errorTitle="Not deleted"
          done={`System account ${account.name} deleted`}
          backTo="/admin/system-accounts"
        />
      )}
    </Page>
  );
}
