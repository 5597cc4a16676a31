import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { useDeleteEventType, type EventType } from './event-types.query';

/** Removes a type from the catalogue after asking; endpoints' filters naming it are left as they are. */
export function DeleteEventTypeButton({ eventType }: { eventType: EventType }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteEventType();
  const close = () => {
    setAsking(false);
    remove.reset();
  };
  return (
    <>
      <Button size="xs" variant="light" color="red" onClick={() => setAsking(true)} aria-label={`Delete ${eventType.name}`}>
        Delete
      </Button>
      <ConfirmDialog
        opened={asking}
        title={`Delete ${eventType.name}?`}
        confirm="Delete event type"
        danger
        pending={remove.isPending}
        error={remove.error}
        onClose={close}
        onConfirm={() =>
          remove.mutate(eventType.name, {
            onSuccess: () => {
              close();
              notifications.show({ color: 'green', message: `Deleted the event type ${eventType.name}.` });
            },
          })
        }
      >
        Consumers no longer see it in the portal's catalogue and its schema no longer checks events. Endpoints subscribed to it keep their
        subscription and still receive events of this type.
      </ConfirmDialog>
    </>
  );
}
