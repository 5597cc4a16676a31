import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { ErrorAlert } from '../shared/error-alert';
import { apiKeysKey, type ApiKey } from './api-keys.query';

/** Revoking cannot be undone: every request with the key is refused from the next one, so it asks first. */
export function RevokeKeyModal({ projectId, apiKey, onClose }: { projectId: string; apiKey: ApiKey | null; onClose(): void }) {
  const api = useControlApi();
  const queries = useQueryClient();
  const revoke = useMutation({
    mutationFn: async (key: ApiKey) =>
      unwrap(await api.DELETE('/projects/{project_id}/api-keys/{key_id}', { params: { path: { project_id: projectId, key_id: key.id } } })),
    onSuccess: async (_, key) => {
      await queries.invalidateQueries({ queryKey: apiKeysKey(projectId) });
      notifications.show({ color: 'green', message: `Key “${key.name}” revoked` });
      finish();
    },
  });
  const finish = () => {
    onClose();
    revoke.reset();
  };
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={apiKey !== null} onClose={finish} title={`Revoke “${apiKey?.name ?? ''}”?`}>
      <Stack>
        <Text size="sm">
          Every request made with {apiKey?.prefix}… is refused (401) from now on. This cannot be undone; the key stays listed as revoked.
        </Text>
        <ErrorAlert error={revoke.error} title="Could not revoke the key" />
        <Group justify="flex-end">
          <Button variant="default" onClick={finish} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={revoke.isPending} onClick={() => apiKey && revoke.mutate(apiKey)}>
            Revoke key
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
