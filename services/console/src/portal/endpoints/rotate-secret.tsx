import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { ApiError } from '../../session/api-error';
import { ErrorAlert } from '../../shared/error-alert';
import { formatTime } from '../../shared/format';
import { GRACE_PERIOD, GRACE_PERIOD_HELP } from '../../shared/grace-period';
import { ShownOnce } from '../../shared/shown-once';
import { useEndpointMutations } from './endpoint-mutations';

/**
 * Replaces the endpoint's signing secret: the new one is shown once; the old one keeps signing
 * beside it for the grace period, so the receiver can switch without losing a webhook.
 */
export function RotateSecretButton({ endpointId }: { endpointId: string }) {
  const { rotate } = useEndpointMutations(endpointId);
  const [opened, { open, close }] = useDisclosure();
  const [grace, setGrace] = useState<number | string>(GRACE_PERIOD.default);
  const finish = () => {
    close();
    rotate.reset();
    setGrace(GRACE_PERIOD.default);
  };
  const graceError = rotate.error instanceof ApiError ? rotate.error.fieldMessage('grace_period_seconds') : undefined;
  return (
    <>
      <Button variant="light" onClick={open}>
        Rotate secret
      </Button>
      <Modal opened={opened} onClose={finish} title={rotate.data ? 'Secret rotated' : 'Rotate the signing secret'} size="lg">
        {rotate.data ? (
          <Stack>
            <ShownOnce
              label="New signing secret"
              secret={rotate.data.signing_secret}
              warning="Give it to your receiver. Until the old secret stops, webhooks carry signatures with both."
            />
            <Text size="sm">The old secret stops signing {formatTime(rotate.data.previous_expires_at)}.</Text>
            <Button onClick={finish} data-autofocus w="fit-content">
              Done
            </Button>
          </Stack>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              rotate.mutate(Number(grace));
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
              {!graceError && <ErrorAlert error={rotate.error} title="The secret was not rotated" />}
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
    </>
  );
}
