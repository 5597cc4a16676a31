import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../session/api-error';
import { ErrorAlert } from '../shared/error-alert';
import { jsonTextOf, parseJsonText } from './json-text';
import { useCreateEventType, useUpdateEventType, type EventType } from './event-types.query';
import { CodeTextarea } from '../shared/code-textarea';

const AUTOFOCUS = { 'data-autofocus': true };

interface EventTypeFormProps {
  /** The type being edited; none: a new one. */
  editing?: EventType;
  onDone(): void;
}

/**
 * A type's fields; the schema and example are JSON typed by hand, checked for syntax here and
 * for meaning (does the schema compile, does the example match) by the api, whose refusal is
 * shown at the field it names.
 */
function EventTypeForm({ editing, onDone }: EventTypeFormProps) {
  const create = useCreateEventType();
  const update = useUpdateEventType();
  const save = editing ? update : create;
  const [name, setName] = useState(editing?.name ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [schemaText, setSchemaText] = useState(jsonTextOf(editing?.schema));
  const [exampleText, setExampleText] = useState(jsonTextOf(editing?.example));
  const [syntax, setSyntax] = useState<{ schema?: string; example?: string }>({});
  const refused = save.error instanceof ApiError ? save.error : undefined;
  const errors = {
    name: refused?.fieldMessage('name'),
    description: refused?.fieldMessage('description'),
    schema: syntax.schema ?? refused?.fieldMessage('schema'),
    example: syntax.example ?? refused?.fieldMessage('example'),
  };
  const shownAtAField = Object.values(errors).some(Boolean);
  const submit = () => {
    const schema = parseJsonText(schemaText);
    const example = parseJsonText(exampleText);
    const notJson = { schema: schema.ok ? undefined : schema.message, example: example.ok ? undefined : example.message };
    setSyntax(notJson);
    if (!schema.ok || !example.ok) return;
    if (schema.value !== null && (typeof schema.value !== 'object' || Array.isArray(schema.value))) {
      setSyntax({ schema: 'A JSON Schema is an object, such as {"type": "object"}.' });
      return;
    }
    save.mutate(
      {
        name: name.trim(),
        description: description.trim() || null,
        schema: schema.value as Record<string, unknown> | null,
        example: example.value,
      },
      { onSuccess: onDone },
    );
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack>
        <TextInput
          label="Name"
          description="Letters, digits and _ . : - such as order.created; it cannot change later."
          required
          disabled={Boolean(editing)}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          maxLength={255}
          // The name is fixed once made: an edit starts at the description. Spread, because the
          // focus trap looks for the attribute itself, and React writes `false` as "false".
          {...(editing ? {} : AUTOFOCUS)}
        />
        <TextInput
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={errors.description}
          maxLength={2000}
          {...(editing ? AUTOFOCUS : {})}
        />
        <CodeTextarea
          label="JSON Schema"
          description="Optional, draft-07. Events of this type whose payload does not match it are refused."
          minRows={4}
          maxRows={16}
          value={schemaText}
          onChange={(e) => setSchemaText(e.currentTarget.value)}
          error={errors.schema}
        />
        <CodeTextarea
          label="Example payload"
          description="Optional JSON, shown to consumers in the portal; it must match the schema."
          minRows={3}
          maxRows={12}
          value={exampleText}
          onChange={(e) => setExampleText(e.currentTarget.value)}
          error={errors.example}
        />
        {!shownAtAField && <ErrorAlert error={save.error} title={editing ? 'Not saved' : 'Not created'} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {editing ? 'Save event type' : 'Create event type'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The form in a dialog; mounted only while open, so every opening starts from the type as stored. */
export function EventTypeModal({ opened, editing, onClose }: { opened: boolean; editing?: EventType; onClose(): void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : 'New event type'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {opened && <EventTypeForm editing={editing} onDone={onClose} />}
    </Modal>
  );
}
