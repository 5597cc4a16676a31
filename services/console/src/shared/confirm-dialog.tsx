import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What happens, in words, before anyone presses the button. */
  children: ReactNode;
  /** The confirm button's text: names the act ("Remove member"), never just "OK". */
  confirm: string;
  danger?: boolean;
  pending?: boolean;
  /** The api's refusal, shown inside the dialog so the person sees why nothing happened. */
  error?: unknown;
  onConfirm(): void;
  onClose(): void;
}

/** Asks before a change that cannot be taken back; the focus starts on Cancel, the safe choice. */
export function ConfirmDialog({ opened, title, children, confirm, danger, pending, error, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack>
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        <ErrorAlert error={error} title="Nothing changed" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color={danger ? 'red' : undefined} loading={pending} onClick={onConfirm}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
