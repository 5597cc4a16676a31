import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../shared/error-alert';
import type { AdminPermission } from '../admin-permissions';
import { PermissionPicker } from './permission-picker';

interface Props<T> {
  /** The account's permissions now; the form starts from them (key the form on them to restart it). */
  permissions: AdminPermission[];
  /** What the signed-in administrator holds: only those can be granted. */
  held: readonly AdminPermission[];
  change: UseMutationResult<T, Error, AdminPermission[]>;
  /** Who was changed, for the confirmation ("Permissions of … saved"). */
  nameOf(saved: T): string;
}

/** Changes an administrator's or a system account's permissions: the same rule for people and scripts. */
export function ChangePermissionsForm<T>({ permissions: initial, held, change, nameOf }: Props<T>) {
  const [permissions, setPermissions] = useState<AdminPermission[]>(initial);
  return (
    <form
      aria-label="Permissions"
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate(permissions, {
          onSuccess: (saved) => notifications.show({ color: 'green', message: `Permissions of ${nameOf(saved)} saved` }),
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
