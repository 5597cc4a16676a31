import { Button, Group, NativeSelect, Paper, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../session/api-error';
import { CHANNEL_OPTIONS, type Channel } from '../shared/channels';
import { ErrorAlert } from '../shared/error-alert';
import { REASONS, useAddSuppression, type SuppressionReason } from './suppressions.query';

/** What the api accepts as a recipient on each channel (it normalises what it can). */
const RECIPIENT_HINT: Record<Channel, string> = {
  email: 'An email address; matched without regard to case.',
  sms: 'A phone number in E.164 form (+447700900123); spaces, dashes and brackets are removed.',
  webhook: 'The http or https URL, exactly as events name it.',
};

/** Stops sending to one recipient on one channel; the notifications to it end `suppressed`. */
export function AddSuppressionForm() {
  const add = useAddSuppression();
  const [channel, setChannel] = useState<Channel>('email');
  const [recipient, setRecipient] = useState('');
  const [reason, setReason] = useState<SuppressionReason>('manual');
  const fieldError = (name: string) => (add.error instanceof ApiError ? add.error.fieldMessage(name) : undefined);
  const otherError = add.error instanceof ApiError && add.error.fields.length > 0 ? undefined : add.error;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" id="add-suppression-title" mb="sm">
        Add a suppression
      </Title>
      <form
        aria-labelledby="add-suppression-title"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ channel, recipient, reason }, { onSuccess: () => setRecipient('') });
        }}
      >
        <Group align="flex-start" gap="sm">
          <NativeSelect
            label="Channel"
            data={CHANNEL_OPTIONS}
            value={channel}
            onChange={(e) => setChannel(e.currentTarget.value as Channel)}
            error={fieldError('channel')}
          />
          <TextInput
            label="Recipient"
            description={RECIPIENT_HINT[channel]}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            miw={320}
            value={recipient}
            onChange={(e) => setRecipient(e.currentTarget.value)}
            error={fieldError('recipient')}
          />
          <NativeSelect
            label="Reason"
            data={REASONS}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value as SuppressionReason)}
            error={fieldError('reason')}
          />
          <Button type="submit" mt={24} loading={add.isPending}>
            Add suppression
          </Button>
        </Group>
      </form>
      <ErrorAlert error={otherError} title="Not added" />
      {add.data && (
        <Text role="status" size="sm" mt="sm">
          {add.data.existed
            ? `${add.data.suppression.recipient} was already suppressed on ${add.data.suppression.channel}; nothing changed.`
            : `Suppressed ${add.data.suppression.recipient} on ${add.data.suppression.channel}: Herald no longer sends to it there.`}
        </Text>
      )}
    </Paper>
  );
}
