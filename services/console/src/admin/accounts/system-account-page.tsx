import { Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../shared/error-alert';
import { formatTime } from '../../shared/format';
import { Page } from '../../shared/page';
import { useAdminPermissions, type AdminPermission } from '../admin-permissions';
import { ConfirmModal } from './confirm-modal';
import { Credentials } from './credentials';
import { PermissionList } from './permission-list';
import { PermissionPicker } from './permission-picker';
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
  return (
    <Page title={`System account ${account.name}`} actions={back}>
      <Text size="sm" c="dimmed">
        Created {formatTime(account.created_at)} · id <code>{account.id}</code>
      </Text>
      {writer && <StrongerAccountNote lacking={lacking(account.permissions)} what="system account" />}
      {writer ? (
        <ChangePermissions key={account.permissions.join()} account={account} held={held} />
      ) : (
        <Stack gap={4}>
          <Title order={2} size="h4">
            Permissions
          </Title>
          <PermissionList permissions={account.permissions} />
        </Stack>
      )}
      <Credentials account={account} writer={writer} />
      {writer && <DeleteAccount account={account} />}
    </Page>
  );
}

function ChangePermissions({ account, held }: { account: SystemAccount; held: readonly AdminPermission[] }) {
  const change = useChangeSystemAccount(account.id);
  const [permissions, setPermissions] = useState<AdminPermission[]>(account.permissions);
  return (
    <form
      aria-label="Permissions"
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate(permissions, {
          onSuccess: (saved) => notifications.show({ color: 'green', message: `Permissions of ${saved.name} saved` }),
        });
      }}
    >
      <Stack gap="sm" maw={640}>
        <PermissionPicker legend="Permissions" value={permissions} onChange={setPermissions} held={held} />
        <ErrorAlert error={change.error} title="Permissions not changed" />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Save permissions
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteAccount({ account }: { account: SystemAccount }) {
  const remove = useDeleteSystemAccount(account.id);
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const close = () => {
    setAsking(false);
    remove.reset();
  };
  return (
    <Group>
      <Button color="red" variant="light" onClick={() => setAsking(true)}>
        Delete system account
      </Button>
      <ConfirmModal
        opened={asking}
        title={`Delete ${account.name}?`}
        consequence="Every credential of this account is refused (401) from the next request. This cannot be undone."
        confirmLabel="Delete system account"
        pending={remove.isPending}
        error={remove.error}
        errorTitle="Not deleted"
        onClose={close}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: `System account ${account.name} deleted` });
              void navigate('/admin/system-accounts');
            },
          })
        }
      />
    </Group>
  );
}
