import { Button, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { ErrorAlert } from '../shared/error-alert';
import { ShownOnce } from '../shared/shown-once';
import { projectsKey } from './projects.query';

/** Creates a project; its webhook signing secret is shown here once, as the api shows it once. */
export function CreateProjectButton({ organizationId }: { organizationId: string }) {
  const api = useControlApi();
  const queries = useQueryClient();
  const [opened, { open, close }] = useDisclosure();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/organizations/{organization_id}/projects', {
          params: { path: { organization_id: organizationId } },
          body: { name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}) },
        }),
      ),
    onSuccess: () => queries.invalidateQueries({ queryKey: projectsKey(organizationId) }),
  });
  const finish = () => {
    close();
    create.reset();
    setName('');
    setDescription('');
  };
  const nameError = create.error instanceof ApiError ? create.error.fieldMessage('name') : undefined;
  return (
    <>
      <Button onClick={open}>New project</Button>
      <Modal opened={opened} onClose={finish} title={create.data ? 'Project created' : 'New project'}>
        {create.data ? (
          <Stack>
            <ShownOnce
              label="Webhook signing secret"
              secret={create.data.webhook_signing_secret}
              warning="Your receivers check webhooks with it. Rotating it later makes a new one."
            />
            <Button component={Link} to={`/projects/${create.data.id}/keys`} onClick={finish}>
              Open the project
            </Button>
          </Stack>
        ) : (
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
              <Textarea label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} maxLength={1000} />
              {!nameError && <ErrorAlert error={create.error} title="Could not create the project" />}
              <Button type="submit" loading={create.isPending}>
                Create project
              </Button>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
