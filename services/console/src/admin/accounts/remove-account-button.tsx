import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmModal } from './confirm-modal';

interface Props<T> {
  remove: UseMutationResult<T, Error, void>;
  /** The button's and the confirm button's words ("Remove administrator"). */
  label: string;
  title: string;
  consequence: string;
  errorTitle: string;
  /** The confirmation once it is gone. */
  done: string;
  /** The list to go back to, since this account's page no longer exists. */
  backTo: string;
}

/** Takes an administrator or a system account off the platform, once asked again, then goes back to the list. */
export function RemoveAccountButton<T>({ remove, label, title, consequence, errorTitle, done, backTo }: Props<T>) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const close = () => {
    setAsking(false);
    remove.reset();
  };
  return (
    <Group>
      <Button color="red" variant="light" onClick={() => setAsking(true)}>
        {label}
      </Button>
      <ConfirmModal
        opened={asking}
        title={title}
        consequence={consequence}
        confirmLabel={label}
        pending={remove.isPending}
        error={remove.error}
        errorTitle={errorTitle}
        onClose={close}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: done });
              void navigate(backTo);
            },
          })
        }
      />
    </Group>
  );
}
