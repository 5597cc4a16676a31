import { Button, Group } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

interface FilterFormProps {
  /** What the filters narrow ("events"), for the form's accessible name. */
  label: string;
  onApply(): void;
  onClear(): void;
  children: ReactNode;
}

/**
 * A list's filters as one form: fields change nothing until applied (Enter in any field, or the
 * button), so typing does not fire a request per keystroke and the URL changes once per search.
 */
export function FilterForm({ label, onApply, onClear, children }: FilterFormProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply();
  };
  return (
    <form onSubmit={submit} aria-label={`Filter ${label}`}>
      <Group align="flex-end" gap="sm">
        {children}
        <Button type="submit">Apply filters</Button>
        <Button type="button" variant="default" onClick={onClear}>
          Clear filters
        </Button>
      </Group>
    </form>
  );
}
