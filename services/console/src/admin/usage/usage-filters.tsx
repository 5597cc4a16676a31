import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { DateRangeInputs } from '../../shared/date-range-inputs';
import { FilterForm } from '../../shared/filter-form';
import { ScopeInputs, trimmed } from '../scope-inputs';

export const USAGE_FILTER_KEYS = ['from', 'to', 'organization_id', 'project_id', 'endpoint'] as const;
export type UsageFilters = Record<(typeof USAGE_FILTER_KEYS)[number], string>;

const EMPTY: UsageFilters = { from: '', to: '', organization_id: '', project_id: '', endpoint: '' };

/** GET /admin/usage's filters; the caller keys it on the URL, so back and forward reset what it shows. */
export function UsageFilterForm({ applied, onApply }: { applied: UsageFilters; onApply(filters: UsageFilters): void }) {
  const [draft, setDraft] = useState(applied);
  const set = (patch: Partial<UsageFilters>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <FilterForm
      label="platform usage"
      onApply={() => onApply(trimmed(draft))}
      onClear={() => {
        setDraft(EMPTY);
        onApply(EMPTY);
      }}
    >
      <TextInput
        label="Endpoint"
        description="A route template, all methods"
        placeholder="/events/{id}"
        value={draft.endpoint}
        onChange={(e) => set({ endpoint: e.currentTarget.value })}
      />
      <DateRangeInputs from={draft.from} to={draft.to} onChange={({ from, to }) => set({ from, to })} />
      <ScopeInputs organizationId={draft.organization_id} projectId={draft.project_id} onChange={set} />
    </FilterForm>
  );
}
