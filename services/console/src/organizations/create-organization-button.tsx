import { Button, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { meKey } from '../auth/me.query';
import { ApiError, unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { ErrorAlert } from '../shared/error-alert';

/** Creates an organization (the creator becomes its owner) and opens it. */
export function CreateOrganizationButton() {
  const api = useControlApi();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: async () => unwrap(await api.POST('/organizations', { body: { name: name.trim() } })),
    onSuccess: async (organization) => {
      await queries.invalidateQueries({ queryKey: meKey });
      close();
      setName('');
      navigate(`/organizations/${organization.id}`);
    },
  });
  const nameError = create.error instanceof ApiError ? create.error.fieldMessage('name') : undefined;
  return (
    <>
      <Button onClick={open}>New organization</Button>
      <Modal opened={opened} onClose={close} title="New organization">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          <Stack>
            <TextInput
              label="Name"
              required
              data-autofocus
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={nameError}
              maxLength={200}
            />
            {!nameError && <ErrorAlert error={create.error} title="Could not create the organization" />}
            <Button type="submit" loading={create.isPending}>
              Create organization
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
