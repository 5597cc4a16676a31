import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../session/api-error';
import { ErrorAlert } from '../../shared/error-alert';
import { useAdminPermissions, type AdminPermission } from '../admin-permissions';
import { PermissionPicker } from './permission-picker';
import { useCreateSystemAccount } from './system-accounts.query';

/** A new system account; its page follows, where its credentials are issued. */
export function CreateSystemAccountForm() {
  const { held } = useAdminPermissions();
  const create = useCreateSystemAccount();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [permissions, setPermissions] = useState<AdminPermission[]>([]);
  const failure = create.error instanceof ApiError ? create.error : undefined;
  const atFields = failure?.fieldMessage('name') ?? failure?.fieldMessage('permissions');
  return (
    <Stack component="section" aria-labelledby="create-account-heading" gap="sm">
      <Title order={2} size="h4" id="create-account-heading">
        Create a system account
      </Title>
      <form
        aria-labelledby="create-account-heading"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            { name: name.trim(), permissions },
            {
              onSuccess: (made) => {
                notifications.show({ color: 'green', message: `System account ${made.name} created` });
                void navigate(`/admin/system-accounts/${made.id}`);
              },
            },
          );
        }}
      >
        <Stack gap="sm" maw={640}>
          <TextInput
            label="Name"
            required
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={failure?.fieldMessage('name')}
          />
          <PermissionPicker
            legend="Permissions"
            value={permissions}
            onChange={setPermissions}
            held={held}
            error={failure?.fieldMessage('permissions')}
          />
          {create.error && !atFields ? <ErrorAlert error={create.error} title="Not created" /> : null}
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create system account
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
