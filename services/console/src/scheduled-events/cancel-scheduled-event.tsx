import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { ErrorAlert } from '../shared/error-alert';
import { formatTime } from '../shared/format';
import { explainCancelError } from './cancel-conflict';
import { useCancelScheduledEvent, type ScheduledEvent } from './scheduled-events.query';

export const describeScheduled = (event: ScheduledEvent) => `${event.event_type} at ${formatTime(event.scheduled_for)}`;

/**
 * Cancelling, owned by the page rather than by a row: after a refusal the list is read again
 * and the row's Cancel button goes (the event is no longer pending), but the reason must stay on
 * screen. `ask(event)` opens the confirmation; `view` is the dialog and the outcome.
 */
export function useCancelScheduledEventDialog(): { ask(event: ScheduledEvent): void; view: ReactNode } {
  const [asking, setAsking] = useState<ScheduledEvent | undefined>();
  const cancel = useCancelScheduledEvent();
  const [target, setTarget] = useState<ScheduledEvent | undefined>();
  const confirm = () => {
    if (!asking) return;
    const event = asking;
    setAsking(undefined);
    setTarget(event);
    cancel.mutate(event.id, {
      onSuccess: () => notifications.show({ color: 'green', message: `Cancelled ${describeScheduled(event)}: it will not be sent.` }),
    });
  };
  const view = (
    <>
      <ErrorAlert
        error={cancel.error && explainCancelError(cancel.error)}
        title={target ? `Not cancelled: ${describeScheduled(target)}` : undefined}
      />
      <Modal
        opened={Boolean(asking)}
        onClose={() => setAsking(undefined)}
        title="Cancel this scheduled event?"
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Stack>
          <Text size="sm">
            {asking && describeScheduled(asking)} will not be published and nothing is sent for it. This cannot be undone: to send it later,
            schedule it again.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(undefined)}>
              Keep it scheduled
            </Button>
            <Button color="red" data-autofocus onClick={confirm}>
              Cancel scheduled event
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
  const ask = (event: ScheduledEvent) => {
    cancel.reset();
    setAsking(event);
  };
  return { ask, view };
}

/** The row's or the detail page's button: visible text "Cancel", named for the event it cancels. */
export function CancelButton({ event, onClick, size = 'xs' }: { event: ScheduledEvent; onClick(): void; size?: 'xs' | 'sm' }) {
  return (
    <Button size={size} variant="light" color="red" onClick={onClick} aria-label={`Cancel ${describeScheduled(event)}`}>
      Cancel
    </Button>
  );
}
