import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../session/api-error';
import { useControlApi } from '../session/session.context';
import { formatTime } from '../shared/format';
import { RotateSecretModal, type RotateSecretTexts } from '../shared/rotate-secret-modal';

const TEXTS: RotateSecretTexts = {
  title: 'Rotate the webhook signing secret',
  rotatedTitle: 'Signing secret rotated',
  submit: 'Rotate secret',
  failed: 'Could not rotate the signing secret',
  secretLabel: 'New webhook signing secret',
  warning: 'Give it to your receivers. Until the old secret stops, webhooks carry signatures with both.',
};

/**
 * The project's webhook signing secret, which receivers verify webhooks with. It is never shown
 * except when issued: rotating makes a new one, and both sign during the grace period.
 */
export function RotateSigningSecret({ projectId }: { projectId: string }) {
  const api = useControlApi();
  const [opened, { open, close }] = useDisclosure();
  const rotate = useMutation({
    mutationFn: async (graceSeconds: number) =>
      unwrap(
        await api.POST('/projects/{project_id}/signing-secret/rotate', {
          params: { path: { project_id: projectId } },
          body: { grace_period_seconds: graceSeconds },
        }),
      ),
  });
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
      <RotateSecretModal
        opened={opened}
        onClose={close}
        rotation={rotate}
        texts={TEXTS}
        secretOf={(result) => result.webhook_signing_secret}
        expiry={(result) => `The old secret stops signing ${formatTime(result.previous_expires_at)}.`}
      />
    </Paper>
  );
}
