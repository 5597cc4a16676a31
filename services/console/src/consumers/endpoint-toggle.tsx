import { Button, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { ErrorAlert } from '../shared/error-alert';
import { useSetEndpointEnabled, type ConsumerEndpoint } from './consumers.query';

/** Enable at once; disable after asking, with an optional reason the consumer sees in the portal. */
export function EndpointToggle({ endpoint }: { endpoint: ConsumerEndpoint }) {
  const change = useSetEndpointEnabled(endpoint);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const close = () => {
    setAsking(false);
    setReason('');
    change.reset();
  };
  if (!endpoint.enabled) {
    return (
      <>
        <Button
          size="xs"
          variant="light"
          loading={change.isPending}
          onClick={() => change.mutate({ enabled: true })}
          aria-label={`Enable ${endpoint.url}`}
        >
          Enable
        </Button>
        <ErrorAlert error={change.error} title="Not enabled" />
      </>
    );
  }
  return (
    <>
      <Button size="xs" variant="light" color="red" onClick={() => setAsking(true)} aria-label={`Disable ${endpoint.url}`}>
        Disable
      </Button>
      <ConfirmDialog
        opened={asking}
        title="Disable this endpoint?"
        confirm="Disable endpoint"
        danger
        pending={change.isPending}
        error={change.error}
        onClose={close}
        onConfirm={() => change.mutate({ enabled: false, reason: reason.trim() || undefined }, { onSuccess: close })}
      >
        <>
          <Text size="sm">
            Herald stops delivering to {endpoint.url}: its queued deliveries fail as dead letters, which can be replayed once it is enabled
            again.
          </Text>
          <TextInput
            label="Reason"
            description="Optional; shown with the endpoint"
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        </>
      </ConfirmDialog>
    </>
  );
}
