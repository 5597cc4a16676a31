import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { useDeleteConsumer, type Consumer } from './consumers.query';

/** Deletes a consumer and its endpoints after asking, then goes back to the list. */
export function DeleteConsumerButton({ consumer }: { consumer: Consumer }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteConsumer();
  const navigate = useNavigate();
  return (
    <>
      <Button variant="light" color="red" onClick={() => setAsking(true)}>
        Delete consumer
      </Button>
      <ConfirmDialog
        opened={asking}
        title={`Delete ${consumer.name}?`}
        confirm="Delete consumer"
        danger
        pending={remove.isPending}
        error={remove.error}
        onClose={() => {
          setAsking(false);
          remove.reset();
        }}
        onConfirm={() =>
          remove.mutate(consumer.uid, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: `Deleted the consumer ${consumer.name} (${consumer.uid}).` });
              void navigate('..', { relative: 'path' });
            },
          })
        }
      >
        {`Its endpoints are deleted with it and their deliveries not yet sent fail. Events naming "${consumer.uid}" as a consumer are refused from then on.`}
      </ConfirmDialog>
    </>
  );
}
