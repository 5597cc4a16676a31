import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { DateRangeInputs } from '../shared/date-range-inputs';
import { FilterForm } from '../shared/filter-form';

export const USAGE_FILTER_KEYS = ['endpoint', 'from', 'to'] as const;
export type UsageFilters = Record<(typeof USAGE_FILTER_KEYS)[number], string>;

const EMPTY: UsageFilters = { endpoint: '', from: '', to: '' };

/** GET /usage's filters; the caller keys it on the URL, so back and forward reset what it shows. */
export function UsageFilterForm({ applied, onApply }: { applied: UsageFilters; onApply(filters: UsageFilters): void }) {
  const [draft, setDraft] = useState(applied);
  // The value is read while the event is live: the updater runs later, when currentTarget is gone.
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <FilterForm
      label="usage"
      onApply={() => onApply({ ...draft, endpoint: draft.endpoint.trim() })}
      onClear={() => {
        setDraft(EMPTY);
        onApply(EMPTY);
      }}
    >
      <UsageFields draft={draft} onChange={set} />
    </FilterForm>
  );
}

/** The endpoint and hours usage is narrowed by, the same in a project's usage and the platform's. */
export function UsageFields({ draft, onChange }: { draft: UsageFilters; onChange(patch: Partial<UsageFilters>): void }) {
  return (
    <>
      <TextInput
        label="Endpoint"
        description="A route template, all methods"
        placeholder="/events/{id}"
        value={draft.endpoint}
        onChange={(e) => onChange({ endpoint: e.currentTarget.value })}
      />
      <DateRangeInputs from={draft.from} to={draft.to} onChange={({ from, to }) => onChange({ from, to })} />
    </>
  );
}
