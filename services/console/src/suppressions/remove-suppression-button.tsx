import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { channelLabel } from '../shared/channels';
import { ErrorAlert } from '../shared/error-alert';
import { useRemoveSuppression, type Suppression } from './suppressions.query';

/** Lifts one suppression after asking: from then on Herald sends to the recipient again. */
export function RemoveSuppressionButton({ suppression }: { suppression: Suppression }) {
  const [asking, setAsking] = useState(false);
  const remove = useRemoveSuppression();
  const who = `${suppression.recipient} (${channelLabel(suppression.channel)})`;
  return (
    <>
      <Button size="xs" variant="light" color="red" onClick={() => setAsking(true)} aria-label={`Remove suppression of ${who}`}>
        Remove
      </Button>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title="Remove this suppression?"
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Stack>
          <Text size="sm">
            Herald will send to {who} again, starting with the next event. Notifications already suppressed stay suppressed.
          </Text>
          <ErrorAlert error={remove.error} title="Not removed" />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              Keep it
            </Button>
            <Button
              color="red"
              data-autofocus
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(suppression.id, {
                  onSuccess: () => {
                    setAsking(false);
                    notifications.show({ color: 'green', message: `Removed the suppression of ${who}.` });
                  },
                })
              }
            >
              Remove suppression
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
