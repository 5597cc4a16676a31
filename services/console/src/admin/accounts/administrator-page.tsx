import { Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../shared/error-alert';
import { formatTime } from '../../shared/format';
import { Page } from '../../shared/page';
import { useAdminPermissions, type AdminPermission } from '../admin-permissions';
import { useAdministrator, useChangeAdministrator, useRemoveAdministrator, type Administrator } from './administrators.query';
import { ConfirmModal } from './confirm-modal';
import { PermissionList } from './permission-list';
import { PermissionPicker } from './permission-picker';
import { StrongerAccountNote } from './stronger-account-note';

const back = (
  <Anchor component={Link} to="/admin/administrators">
    All administrators
  </Anchor>
);

export function AdministratorPage() {
  const id = useParams().id!;
  const administrator = useAdministrator(id);
  if (administrator.isPending)
    return (
      <Page title="Administrator" actions={back}>
        <Loader aria-label="Loading the administrator" />
      </Page>
    );
  if (administrator.error)
    return (
      <Page title="Administrator" actions={back}>
        <ErrorAlert error={administrator.error} title="Cannot show this administrator" />
      </Page>
    );
  return <AdministratorDetail administrator={administrator.data} />;
}

function AdministratorDetail({ administrator }: { administrator: Administrator }) {
  const { has, held, lacking } = useAdminPermissions();
  const writer = has('administrators:write');
  return (
    <Page title={`Administrator ${administrator.email}`} actions={back}>
      <Text size="sm" c="dimmed">
        Administrator since {formatTime(administrator.created_at)}
      </Text>
      {writer ? (
        <>
          <StrongerAccountNote lacking={lacking(administrator.permissions)} what="administrator" />
          <ChangePermissions key={administrator.permissions.join()} administrator={administrator} held={held} />
          <RemoveAdministrator administrator={administrator} />
        </>
      ) : (
        <Stack gap={4}>
          <Title order={2} size="h4">
            Permissions
          </Title>
          <PermissionList permissions={administrator.permissions} />
        </Stack>
      )}
    </Page>
  );
}

function ChangePermissions({ administrator, held }: { administrator: Administrator; held: readonly AdminPermission[] }) {
  const change = useChangeAdministrator(administrator.id);
  const [permissions, setPermissions] = useState<AdminPermission[]>(administrator.permissions);
  return (
    <form
      aria-label="Permissions"
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate(permissions, {
          onSuccess: (saved) => notifications.show({ color: 'green', message: `Permissions of ${saved.email} saved` }),
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

function RemoveAdministrator({ administrator }: { administrator: Administrator }) {
  const remove = useRemoveAdministrator(administrator.id);
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const close = () => {
    setAsking(false);
    remove.reset();
  };
  return (
    <Group>
      <Button color="red" variant="light" onClick={() => setAsking(true)}>
        Remove administrator
      </Button>
      <ConfirmModal
        opened={asking}
        title={`Remove ${administrator.email}?`}
        consequence="They lose every platform permission at once; the user and their organizations stay."
        confirmLabel="Remove administrator"
        pending={remove.isPending}
        error={remove.error}
        errorTitle="Not removed"
        onClose={close}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: `${administrator.email} is no longer an administrator` });
              void navigate('/admin/administrators');
            },
          })
        }
      />
    </Group>
  );
}
