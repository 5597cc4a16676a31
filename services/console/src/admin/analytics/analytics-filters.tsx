import { useState } from 'react';
import { DateRangeInputs } from '../../shared/date-range-inputs';
import { FilterForm } from '../../shared/filter-form';
import { ScopeInputs, trimmed } from '../scope-inputs';

export const ANALYTICS_FILTER_KEYS = ['date_from', 'date_to', 'organization_id', 'project_id'] as const;
export type AnalyticsFilters = Record<(typeof ANALYTICS_FILTER_KEYS)[number], string>;

const EMPTY: AnalyticsFilters = { date_from: '', date_to: '', organization_id: '', project_id: '' };

/** GET /admin/analytics's filters; the caller keys it on the URL, so back and forward reset what it shows. */
export function AnalyticsFilterForm({ applied, onApply }: { applied: AnalyticsFilters; onApply(filters: AnalyticsFilters): void }) {
  const [draft, setDraft] = useState(applied);
  const set = (patch: Partial<AnalyticsFilters>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <FilterForm
      label="platform analytics"
      onApply={() => onApply(trimmed(draft))}
      onClear={() => {
        setDraft(EMPTY);
        onApply(EMPTY);
      }}
    >
      <DateRangeInputs from={draft.date_from} to={draft.date_to} onChange={({ from, to }) => set({ date_from: from, date_to: to })} />
      <ScopeInputs organizationId={draft.organization_id} projectId={draft.project_id} onChange={set} />
    </FilterForm>
  );
}
