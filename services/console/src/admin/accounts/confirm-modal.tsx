import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../shared/error-alert';

interface Props {
  opened: boolean;
  title: string;
  /** What happens, in a sentence. */
  consequence: string;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  errorTitle: string;
  onConfirm(): void;
  onClose(): void;
}

/** A destructive action asked for once more, with the api's refusal shown inside when it says no. */
export function ConfirmModal({ opened, title, consequence, confirmLabel, pending, error, errorTitle, onConfirm, onClose }: Props) {
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={onClose} title={title}>
      <Stack>
        <Text size="sm">{consequence}</Text>
        <ErrorAlert error={error} title={errorTitle} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
