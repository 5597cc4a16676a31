import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../session/api-error';
import { ErrorAlert } from './error-alert';
import { GRACE_PERIOD, GRACE_PERIOD_HELP } from './grace-period';
import { ShownOnce } from './shown-once';

/** The rotation call as the modal drives it: started with the grace period in seconds. */
export interface Rotation<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  mutate(graceSeconds: number): void;
  reset(): void;
}

/** Each screen's own words for the same flow. */
export interface RotateSecretTexts {
  title: string;
  rotatedTitle: string;
  /** What rotating does, above the grace period, where the screen needs saying. */
  intro?: string;
  submit: string;
  failed: string;
  secretLabel: string;
  warning: string;
}

interface RotateSecretModalProps<T> {
  opened: boolean;
  onClose(): void;
  rotation: Rotation<T>;
  texts: RotateSecretTexts;
  secretOf(result: T): string;
  /** When the old secret or key stops, in a sentence. */
  expiry(result: T): ReactNode;
  /** The portal keeps its Done button to its text's width. */
  doneWidth?: 'fit-content';
}

/**
 * Rotating a secret: ask for the grace period, call, then show the new secret once. The old one
 * keeps working for the grace period, so whoever uses it can switch without a refused request.
 */
export function RotateSecretModal<T>({ opened, onClose, rotation, texts, secretOf, expiry, doneWidth }: RotateSecretModalProps<T>) {
  const [grace, setGrace] = useState<number | string>(GRACE_PERIOD.default);
  const finish = () => {
    onClose();
    rotation.reset();
    setGrace(GRACE_PERIOD.default);
  };
  const graceError = rotation.error instanceof ApiError ? rotation.error.fieldMessage('grace_period_seconds') : undefined;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={finish}
      title={rotation.data ? texts.rotatedTitle : texts.title}
      size="lg"
    >
      {rotation.data ? (
        <Stack>
          <ShownOnce label={texts.secretLabel} secret={secretOf(rotation.data)} warning={texts.warning} />
          <Text size="sm">{expiry(rotation.data)}</Text>
          <Button onClick={finish} data-autofocus w={doneWidth}>
            Done
          </Button>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            rotation.mutate(Number(grace));
          }}
        >
          <Stack>
            {texts.intro && <Text size="sm">{texts.intro}</Text>}
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
            {!graceError && <ErrorAlert error={rotation.error} title={texts.failed} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={finish}>
                Cancel
              </Button>
              <Button type="submit" loading={rotation.isPending}>
                {texts.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
