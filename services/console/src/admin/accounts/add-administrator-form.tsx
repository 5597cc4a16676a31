import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../../session/api-error';
import { ErrorAlert } from '../../shared/error-alert';
import { useAdminPermissions, type AdminPermission } from '../admin-permissions';
import { useAddAdministrator } from './administrators.query';
import { PermissionPicker } from './permission-picker';

/** Makes the user with an address (created when new) an administrator holding the chosen permissions. */
export function AddAdministratorForm() {
  const { held } = useAdminPermissions();
  const add = useAddAdministrator();
  const [email, setEmail] = useState('');
  const [permissions, setPermissions] = useState<AdminPermission[]>([]);
  const failure = add.error instanceof ApiError ? add.error : undefined;
  const atFields = failure?.fieldMessage('email') ?? failure?.fieldMessage('permissions');
  return (
    <Stack component="section" aria-labelledby="add-admin-heading" gap="sm">
      <Title order={2} size="h4" id="add-admin-heading">
        Add an administrator
      </Title>
      <form
        aria-labelledby="add-admin-heading"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate(
            { email: email.trim(), permissions },
            {
              onSuccess: (made) => {
                notifications.show({ color: 'green', message: `${made.email} is now an administrator` });
                setEmail('');
                setPermissions([]);
              },
            },
          );
        }}
      >
        <Stack gap="sm" maw={640}>
          <TextInput
            label="Email"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={failure?.fieldMessage('email')}
          />
          <PermissionPicker
            legend="Permissions to grant"
            value={permissions}
            onChange={setPermissions}
            held={held}
            error={failure?.fieldMessage('permissions')}
          />
          {add.error && !atFields ? <ErrorAlert error={add.error} title="Not added" /> : null}
          <Group>
            <Button type="submit" loading={add.isPending}>
              Add administrator
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
