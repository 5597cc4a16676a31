import { Alert, Button, Checkbox, Group, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../session/api-error';
import { ErrorAlert } from '../../shared/error-alert';
import type { Endpoint, EventType } from './endpoints.query';
import { EventTypePicker, joinEventTypes, splitEventTypes, type EventTypeChoice } from './event-type-picker';

/** RATE_LIMIT in openapi.yaml's endpoint bodies (the generated types keep no limits). */
const RATE_LIMIT = { min: 1, max: 10_000 } as const;

export interface EndpointValues {
  url: string;
  description: string | null;
  event_types: string[];
  enabled: boolean;
  rate_limit_per_second: number | null;
}

interface EndpointFormProps {
  /** The endpoint being edited; a new one when absent. */
  endpoint?: Endpoint;
  catalogue: EventType[];
  catalogueError: unknown;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit(values: EndpointValues): void;
  onCancel(): void;
}

/** The api's message for a field, also for a refused item of a list (`event_types.3`). */
function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.fields.find((f) => f.field === field || f.field.startsWith(`${field}.`))?.message;
}

const FIELDS = ['url', 'description', 'event_types', 'rate_limit_per_second'];

/** An endpoint's settings, to add one or change one; the api's refusals show at their fields. */
export function EndpointForm({ endpoint, catalogue, catalogueError, submitLabel, pending, error, onSubmit, onCancel }: EndpointFormProps) {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [types, setTypes] = useState<EventTypeChoice>(() => splitEventTypes(endpoint?.event_types ?? [], catalogue));
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [rateLimit, setRateLimit] = useState<number | string>(endpoint?.rate_limit_per_second ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({
      url: url.trim(),
      description: description.trim() || null,
      event_types: joinEventTypes(types),
      enabled,
      rate_limit_per_second: rateLimit === '' ? null : Number(rateLimit),
    });
  };
  // Refusals of these fields show at them; anything else is said in full above the buttons.
  const atFields =
    error instanceof ApiError &&
    error.fields.length > 0 &&
    error.fields.every((f) => FIELDS.some((n) => f.field === n || f.field.startsWith(`${n}.`)));
  return (
    <form onSubmit={submit} aria-label={submitLabel}>
      <Stack maw={760}>
        <TextInput
          label="URL"
          description="Where webhooks are sent: an http or https address your service answers at."
          type="url"
          required
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={fieldError(error, 'url')}
          autoComplete="url"
        />
        <Textarea
          label="Description"
          description="Optional, for you: what this endpoint is for."
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          maxLength={2000}
          autosize
          minRows={2}
          error={fieldError(error, 'description')}
        />
        <EventTypePicker
          catalogue={catalogue}
          catalogueError={catalogueError}
          value={types}
          onChange={setTypes}
          error={fieldError(error, 'event_types')}
        />
        <NumberInput
          label="Rate limit (deliveries per second)"
          description={`Optional: the most deliveries a second this endpoint should get, from ${RATE_LIMIT.min} to ${RATE_LIMIT.max}; empty for no limit.`}
          value={rateLimit}
          onChange={setRateLimit}
          min={RATE_LIMIT.min}
          max={RATE_LIMIT.max}
          allowDecimal={false}
          allowNegative={false}
          error={fieldError(error, 'rate_limit_per_second')}
        />
        <Checkbox
          label="Enabled"
          description="Deliver events to this endpoint. A disabled endpoint receives nothing until enabled again."
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
        />
        {atFields ? (
          <Alert color="red" role="alert" title="The endpoint was not saved">
            Some fields were refused: see the message at each.
          </Alert>
        ) : (
          <ErrorAlert error={error} title="The endpoint was not saved" />
        )}
        <Group>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
          <Button type="button" variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
