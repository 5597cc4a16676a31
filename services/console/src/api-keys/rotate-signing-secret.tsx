import { Button, Group, Modal, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { ErrorAlert } from '../shared/error-alert';
import { formatTime } from '../shared/format';
import { GRACE_PERIOD, GRACE_PERIOD_HELP } from '../shared/grace-period';
import { ShownOnce } from '../shared/shown-once';

/**
 * The project's webhook signing secret, which receivers verify webhooks with. It is never shown
 * except when issued: rotating makes a new one, and both sign during the grace period.
 */
export function RotateSigningSecret({ projectId }: { projectId: string }) {
  const api = useControlApi();
  const [opened, { open, close }] = useDisclosure();
  const [grace, setGrace] = useState<number | string>(GRACE_PERIOD.default);
  const rotate = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/projects/{project_id}/signing-secret/rotate', {
          params: { path: { project_id: projectId } },
          body: { grace_period_seconds: Number(grace) },
        }),
      ),
  });
  const finish = () => {
    close();
    rotate.reset();
    setGrace(GRACE_PERIOD.default);
  };
  const graceError = rotate.error instanceof ApiError ? rotate.error.fieldMessage('grace_period_seconds') : undefined;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="signing-secret-heading">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" id="signing-secret-heading">
          Webhook signing secret
        </Title>
        <Text size="sm">
          Herald signs every webhook with it; your receivers verify the signature. It was shown when the project was created and is shown
          again only when rotated.
        </Text>
        <Button variant="light" onClick={open}>
          Rotate webhook signing secret
        </Button>
      </Stack>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={opened}
        onClose={finish}
        title={rotate.data ? 'Signing secret rotated' : 'Rotate the webhook signing secret'}
        size="lg"
      >
        {rotate.data ? (
          <Stack>
            <ShownOnce
              label="New webhook signing secret"
              secret={rotate.data.webhook_signing_secret}
              warning="Give it to your receivers. Until the old secret stops, webhooks carry signatures with both."
            />
            <Text size="sm">The old secret stops signing {formatTime(rotate.data.previous_expires_at)}.</Text>
            <Button onClick={finish} data-autofocus>
              Done
            </Button>
          </Stack>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              rotate.mutate();
            }}
          >
            <Stack>
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
              {!graceError && <ErrorAlert error={rotate.error} title="Could not rotate the signing secret" />}
              <Group justify="flex-end">
                <Button variant="default" onClick={finish}>
                  Cancel
                </Button>
                <Button type="submit" loading={rotate.isPending}>
                  Rotate secret
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </Paper>
  );
}
