import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { ErrorAlert } from '../shared/error-alert';
import { formatTime } from '../shared/format';
import { apiKeysKey, type ApiKey } from './api-keys.query';
import { GRACE_PERIOD, GRACE_PERIOD_HELP } from '../shared/grace-period';
import { ShownOnce } from '../shared/shown-once';

/**
 * Issues a replacement for a key (same name, scopes and expiry); the old one keeps working for
 * the grace period, so a deploy can switch over without refused requests.
 */
export function RotateKeyModal({ projectId, apiKey, onClose }: { projectId: string; apiKey: ApiKey | null; onClose(): void }) {
  const api = useControlApi();
  const queries = useQueryClient();
  const [grace, setGrace] = useState<number | string>(GRACE_PERIOD.default);
  const rotate = useMutation({
    mutationFn: async (key: ApiKey) =>
      unwrap(
        await api.POST('/projects/{project_id}/api-keys/{key_id}/rotate', {
          params: { path: { project_id: projectId, key_id: key.id } },
          body: { grace_period_seconds: Number(grace) },
        }),
      ),
    onSuccess: () => queries.invalidateQueries({ queryKey: apiKeysKey(projectId) }),
  });
  const finish = () => {
    onClose();
    rotate.reset();
    setGrace(GRACE_PERIOD.default);
  };
  const graceError = rotate.error instanceof ApiError ? rotate.error.fieldMessage('grace_period_seconds') : undefined;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={apiKey !== null}
      onClose={finish}
      title={rotate.data ? 'Key rotated' : `Rotate “${apiKey?.name ?? ''}”`}
      size="lg"
    >
      {rotate.data ? (
        <Stack>
          <ShownOnce
            label="New API key"
            secret={rotate.data.key}
            warning="Put it where the old key is used. Herald keeps only its hash: if you lose it, rotate again."
          />
          <Text size="sm">
            The old key ({apiKey?.prefix}…) stops working {formatTime(rotate.data.replaces.expires_at)}.
          </Text>
          <Button onClick={finish} data-autofocus>
            Done
          </Button>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (apiKey) rotate.mutate(apiKey);
          }}
        >
          <Stack>
            <Text size="sm">
              A new key with the same name, scopes and expiry replaces this one. A key can be rotated once; its secret is shown once.
            </Text>
            <NumberInput
              label="Grace period (seconds)"
              description={GRACE_PERIOD_HELP}
              value={grace}
              onChange={setGrace}
              min={GRACE_PERIOD.min}
              max={GRACE_PERIOD.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              required
              data-autofocus
              error={graceError}
            />
            {!graceError && <ErrorAlert error={rotate.error} title="Could not rotate the key" />}
            <Group justify="flex-end">
              <Button variant="default" onClick={finish}>
                Cancel
              </Button>
              <Button type="submit" loading={rotate.isPending}>
                Rotate key
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
