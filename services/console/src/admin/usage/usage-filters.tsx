import { useState } from 'react';
import { FilterForm } from '../../shared/filter-form';
import { UsageFields } from '../../usage/usage-filters';
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
      <UsageFields draft={draft} onChange={set} />
      <ScopeInputs organizationId={draft.organization_id} projectId={draft.project_id} onChange={set} />
    </FilterForm>
  );
}
