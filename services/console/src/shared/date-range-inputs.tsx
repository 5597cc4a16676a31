import { TextInput } from '@mantine/core';
import { localInputToIso } from './format';

/** An ISO timestamp as a datetime-local input's value, in the viewer's time zone; '' when empty or unreadable. */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

interface DateRangeInputsProps {
  /** ISO timestamps, as the URL and the api keep them ('' for none). */
  from: string;
  to: string;
  onChange(range: { from: string; to: string }): void;
}

/**
 * "From" and "To" for a list's date_from/date_to. The URL keeps ISO (a shared link means the
 * same instant wherever it is opened); the inputs show the viewer's local time.
 */
export function DateRangeInputs({ from, to, onChange }: DateRangeInputsProps) {
  return (
    <>
      <TextInput
        type="datetime-local"
        label="From"
        value={isoToLocalInput(from)}
        onChange={(e) => onChange({ from: localInputToIso(e.currentTarget.value) ?? '', to })}
      />
      <TextInput
        type="datetime-local"
        label="To"
        value={isoToLocalInput(to)}
        onChange={(e) => onChange({ from, to: localInputToIso(e.currentTarget.value) ?? '' })}
      />
    </>
  );
}
