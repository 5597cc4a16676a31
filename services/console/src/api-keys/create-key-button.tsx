import { Button, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { ErrorAlert } from '../shared/error-alert';
import { localInputToIso } from '../shared/format';
import { apiKeysKey } from './api-keys.query';
import { ScopePicker } from './scope-picker';
import type { Scope } from './scopes';
import { ShownOnce } from '../shared/shown-once';

/** Creates a key with the scopes picked; its secret is shown here once, as the api shows it once. */
export function CreateKeyButton({ projectId }: { projectId: string }) {
  const api = useControlApi();
  const queries = useQueryClient();
  const [opened, { open, close }] = useDisclosure();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [expires, setExpires] = useState('');
  const [noScope, setNoScope] = useState(false);
  const create = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/projects/{project_id}/api-keys', {
          params: { path: { project_id: projectId } },
          body: { name: name.trim(), scopes, ...(expires ? { expires_at: localInputToIso(expires) } : {}) },
        }),
      ),
    onSuccess: () => queries.invalidateQueries({ queryKey: apiKeysKey(projectId) }),
  });
  const finish = () => {
    close();
    create.reset();
    setName('');
    setScopes([]);
    setExpires('');
    setNoScope(false);
  };
  const refused = create.error instanceof ApiError ? create.error : undefined;
  const fieldErrors = {
    name: refused?.fieldMessage('name'),
    scopes: noScope ? 'Pick at least one scope.' : refused?.fieldMessage('scopes'),
    expires: refused?.fieldMessage('expires_at'),
  };
  const anyFieldError = Object.values(fieldErrors).some(Boolean);
  return (
    <>
      <Button onClick={open}>New API key</Button>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={opened}
        onClose={finish}
        title={create.data ? 'API key created' : 'New API key'}
        size="lg"
      >
        {create.data ? (
          <Stack>
            <ShownOnce
              label="New API key"
              secret={create.data.key}
              warning="Send it as the X-API-Key header. Herald keeps only its hash: if you lose it, rotate the key for a new one."
            />
            <Button onClick={finish} data-autofocus>
              Done
            </Button>
          </Stack>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setNoScope(scopes.length === 0);
              if (scopes.length > 0) create.mutate();
            }}
          >
            <Stack>
              <TextInput
                label="Name"
                description="What uses it, e.g. “billing service (production)”"
                required
                data-autofocus
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={fieldErrors.name}
                maxLength={200}
              />
              <ScopePicker value={scopes} onChange={setScopes} error={fieldErrors.scopes} />
              <TextInput
                type="datetime-local"
                label="Expires"
                description="Optional: refused from then on. Empty: never expires."
                value={expires}
                onChange={(e) => setExpires(e.currentTarget.value)}
                error={fieldErrors.expires}
              />
              {!anyFieldError && <ErrorAlert error={create.error} title="Could not create the key" />}
              <Button type="submit" loading={create.isPending}>
                Create key
              </Button>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
