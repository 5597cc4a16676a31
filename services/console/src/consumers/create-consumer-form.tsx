import { Button, Group, Paper, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../session/api-error';
import { ErrorAlert } from '../shared/error-alert';
import { useCreateConsumer } from './consumers.query';

/** Adds one of the project's customers; its uid is the project's own id for it, named in events as `consumer`. */
export function CreateConsumerForm() {
  const create = useCreateConsumer();
  const [uid, setUid] = useState('');
  const [name, setName] = useState('');
  const refused = create.error instanceof ApiError ? create.error : undefined;
  const fieldError = (field: string) => refused?.fieldMessage(field);
  const otherError = refused && refused.fields.length > 0 ? undefined : create.error;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" id="add-consumer-title" mb="sm">
        Add a consumer
      </Title>
      <form
        aria-labelledby="add-consumer-title"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            { uid: uid.trim(), name: name.trim() },
            {
              onSuccess: (made) => {
                setUid('');
                setName('');
                notifications.show({ color: 'green', message: `Added the consumer ${made.name} (${made.uid}).` });
              },
            },
          );
        }}
      >
        <Group align="flex-start" gap="sm">
          <TextInput
            label="UID"
            description="Your own id for this customer, unique in the project"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            maxLength={255}
            value={uid}
            onChange={(e) => setUid(e.currentTarget.value)}
            error={fieldError('uid')}
          />
          <TextInput
            label="Name"
            description="Shown in the portal"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            maxLength={200}
            miw={260}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldError('name')}
          />
          <Button type="submit" mt={24} loading={create.isPending}>
            Add consumer
          </Button>
        </Group>
      </form>
      <ErrorAlert error={otherError} title="Not added" />
    </Paper>
  );
}
