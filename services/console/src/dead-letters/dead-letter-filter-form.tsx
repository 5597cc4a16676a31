import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CHANNELS, ERROR_TYPES, STATUSES, type DeadLetterFilter } from './dead-letter-filter';

interface Props {
  value: DeadLetterFilter;
  onApply(next: DeadLetterFilter): void;
}

const ANY = { value: '', label: 'Any' };
const EMPTY: DeadLetterFilter = { status: '', channel: '', error_type: '', created_from: '', created_to: '' };

/**
 * The list's filters, applied together on submit (Enter in any field), so typing a date does not
 * reload the list at every keystroke. The parent remounts it when the URL changes (back button).
 */
export function DeadLetterFilterForm({ value, onApply }: Props) {
  const [draft, setDraft] = useState(value);
  const field = (key: keyof DeadLetterFilter) => ({
    value: draft[key],
    onChange: (e: { currentTarget: { value: string } }) => setDraft({ ...draft, [key]: e.currentTarget.value }),
  });
  return (
    <form
      aria-label="Filter dead letters"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <Group align="end" gap="sm">
        <NativeSelect label="Status" data={[ANY, ...STATUSES]} {...field('status')} />
        <NativeSelect label="Channel" data={[ANY, ...CHANNELS]} {...field('channel')} />
        <NativeSelect label="Reason" data={[ANY, ...ERROR_TYPES]} {...field('error_type')} />
        <TextInput label="Dead-lettered from" type="datetime-local" {...field('created_from')} />
        <TextInput label="Dead-lettered until" type="datetime-local" {...field('created_to')} />
        <Button type="submit">Apply filters</Button>
        <Button
          variant="default"
          onClick={() => {
            setDraft(EMPTY);
            onApply(EMPTY);
          }}
        >
          Clear filters
        </Button>
      </Group>
    </form>
  );
}
