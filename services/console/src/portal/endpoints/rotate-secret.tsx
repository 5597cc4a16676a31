import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatTime } from '../../shared/format';
import { RotateSecretModal, type RotateSecretTexts } from '../../shared/rotate-secret-modal';
import { useEndpointMutations } from './endpoint-mutations';

const TEXTS: RotateSecretTexts = {
  title: 'Rotate the signing secret',
  rotatedTitle: 'Secret rotated',
  submit: 'Rotate secret',
  failed: 'The secret was not rotated',
  secretLabel: 'New signing secret',
  warning: 'Give it to your receiver. Until the old secret stops, webhooks carry signatures with both.',
};

/**
 * Replaces the endpoint's signing secret: the new one is shown once; the old one keeps signing
 * beside it for the grace period, so the receiver can switch without losing a webhook.
 */
export function RotateSecretButton({ endpointId }: { endpointId: string }) {
  const { rotate } = useEndpointMutations(endpointId);
  const [opened, { open, close }] = useDisclosure();
  return (
    <>
      <Button variant="light" onClick={open}>
        Rotate secret
      </Button>
      <RotateSecretModal
        opened={opened}
        onClose={close}
        rotation={rotate}
        texts={TEXTS}
        secretOf={(result) => result.signing_secret}
        expiry={(result) => `The old secret stops signing ${formatTime(result.previous_expires_at)}.`}
        doneWidth="fit-content"
      />
    </>
  );
}
