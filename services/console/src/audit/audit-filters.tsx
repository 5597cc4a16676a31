import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { isoToLocalInput } from '../shared/date-range-inputs';
import { FilterForm } from '../shared/filter-form';
import { localInputToIso } from '../shared/format';

export const AUDIT_FILTER_KEYS = ['action', 'from'] as const;
export type AuditFilters = Record<(typeof AUDIT_FILTER_KEYS)[number], string>;

const EMPTY: AuditFilters = { action: '', from: '' };

/** GET /audit-log's filters; the caller keys it on the URL, so back and forward reset what it shows. */
export function AuditFilterForm({ applied, onApply }: { applied: AuditFilters; onApply(filters: AuditFilters): void }) {
  const [draft, setDraft] = useState(applied);
  // The value is read while the event is live: the updater runs later, when currentTarget is gone.
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <FilterForm
      label="the audit log"
      onApply={() => onApply({ ...draft, action: draft.action.trim() })}
      onClear={() => {
        setDraft(EMPTY);
        onApply(EMPTY);
      }}
    >
      <TextInput
        label="Action"
        description="Exact match"
        placeholder="api_key.created"
        value={draft.action}
        onChange={(e) => set({ action: e.currentTarget.value })}
      />
      <TextInput
        type="datetime-local"
        label="Since"
        value={isoToLocalInput(draft.from)}
        onChange={(e) => set({ from: localInputToIso(e.currentTarget.value) ?? '' })}
      />
    </FilterForm>
  );
}
