import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../shared/error-alert';
import { formatTime } from '../../shared/format';
import { Page } from '../../shared/page';
import { useAdminPermissions } from '../admin-permissions';
import { useAdministrator, useChangeAdministrator, useRemoveAdministrator, type Administrator } from './administrators.query';
import { ChangePermissionsForm } from './change-permissions-form';
import { PermissionList } from './permission-list';
import { RemoveAccountButton } from './remove-account-button';
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
  const change = useChangeAdministrator(administrator.id);
  const remove = useRemoveAdministrator(administrator.id);
  return (
    <Page title={`Administrator ${administrator.email}`} actions={back}>
      <Text size="sm" c="dimmed">
        Administrator since {formatTime(administrator.created_at)}
      </Text>
      {writer ? (
        <>
          <StrongerAccountNote lacking={lacking(administrator.permissions)} what="administrator" />
          <ChangePermissionsForm
            key={administrator.permissions.join()}
            permissions={administrator.permissions}
            held={held}
            change={change}
            nameOf={(saved) => saved.email}
          />
          <RemoveAccountButton
            remove={remove}
            label="Remove administrator"
            title={`Remove ${administrator.email}?`}
            consequence="They lose every platform permission at once; the user and their organizations stay."
            errorTitle="Not removed"
            done={`${administrator.email} is no longer an administrator`}
            backTo="/admin/administrators"
          />
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
