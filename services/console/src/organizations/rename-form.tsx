import { Button, Group, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { meKey } from '../auth/me.query';
import { ApiError, unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { ErrorAlert } from '../shared/error-alert';
import { useOrganizationId } from './organization.query';

/** Renames the organization (admins and owners); the header and the project switcher follow. */
export function RenameForm({ current }: { current: string }) {
  const api = useControlApi();
  const organizationId = useOrganizationId();
  const queries = useQueryClient();
  const [name, setName] = useState(current);
  const rename = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.PATCH('/organizations/{organization_id}', {
          params: { path: { organization_id: organizationId } },
          body: { name: name.trim() },
        }),
      ),
    onSuccess: () => queries.invalidateQueries({ queryKey: meKey }),
  });
  const nameError = rename.error instanceof ApiError ? rename.error.fieldMessage('name') : undefined;
  return (
    <form
      aria-label="Rename the organization"
      onSubmit={(e) => {
        e.preventDefault();
        rename.mutate();
      }}
    >
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Organization name"
          required
          maxLength={200}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={nameError}
          w={320}
        />
        <Button type="submit" loading={rename.isPending} mt={25} disabled={name.trim() === current}>
          Rename
        </Button>
      </Group>
      {!nameError && <ErrorAlert error={rename.error} title="Could not rename the organization" />}
      {rename.isSuccess && (
        <p role="status">
          Renamed to <strong>{rename.data.name}</strong>.
        </p>
      )}
    </form>
  );
}
