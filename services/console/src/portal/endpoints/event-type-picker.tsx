import { Box, Checkbox, Code, Fieldset, Paper, Stack, Text, TextInput } from '@mantine/core';
import { ErrorAlert } from '../../shared/error-alert';
import type { EventType } from './endpoints.query';

export interface EventTypeChoice {
  /** Names from the catalogue, ticked. */
  picked: string[];
  /** Anything else, as typed: other names and `prefix.*` patterns, separated by commas. */
  others: string;
}

/** A subscription list split into what the catalogue offers (ticked) and the rest (typed). */
export function splitEventTypes(types: string[], catalogue: EventType[]): EventTypeChoice {
  const names = new Set(catalogue.map((t) => t.name));
  return { picked: types.filter((t) => names.has(t)), others: types.filter((t) => !names.has(t)).join(', ') };
}

/** The subscription list the api takes: the ticked names, then the typed ones, each once. */
export function joinEventTypes(choice: EventTypeChoice): string[] {
  const typed = choice.others
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return [...new Set([...choice.picked, ...typed])];
}

function example(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

interface EventTypePickerProps {
  catalogue: EventType[];
  catalogueError: unknown;
  value: EventTypeChoice;
  onChange(next: EventTypeChoice): void;
  /** The api's refusal of `event_types`, shown at the typed field (the only place a bad name can come from). */
  error?: string;
}

/**
 * The project's catalogue, one checkbox per event type with its description and, a click away,
 * an example payload; below it a field for names and `prefix.*` patterns the catalogue does not
 * list. Nothing picked subscribes to every type, and the legend says so.
 */
export function EventTypePicker({ catalogue, catalogueError, value, onChange, error }: EventTypePickerProps) {
  const toggle = (name: string, on: boolean) =>
    onChange({ ...value, picked: on ? [...value.picked, name] : value.picked.filter((p) => p !== name) });
  return (
    <Fieldset legend="Event types">
      <Stack gap="sm">
        <Text size="sm" c="dimmed" id="event-types-help">
          Pick what this endpoint receives. With nothing picked, it receives every event type.
        </Text>
        <ErrorAlert error={catalogueError} title="Could not load the event types" />
        {catalogue.length === 0 && !catalogueError && <Text size="sm">No event type is listed yet; type names below.</Text>}
        {catalogue.map((type) => (
          <Paper key={type.name} withBorder p="sm">
            <Checkbox
              label={<Text ff="monospace">{type.name}</Text>}
              description={type.description || undefined}
              checked={value.picked.includes(type.name)}
              onChange={(e) => toggle(type.name, e.currentTarget.checked)}
            />
            {type.example !== null && type.example !== undefined && (
              <Box component="details" mt="xs" ml={32}>
                <Text component="summary" size="sm">
                  Example of {type.name}
                </Text>
                <Code block mt="xs">
                  {example(type.example)}
                </Code>
              </Box>
            )}
          </Paper>
        ))}
        <TextInput
          label="Other event types or patterns"
          description="Names or patterns such as order.* (which matches order.created and order.item.added), separated by commas."
          value={value.others}
          onChange={(e) => onChange({ ...value, others: e.currentTarget.value })}
          error={error}
          autoComplete="off"
        />
      </Stack>
    </Fieldset>
  );
}
