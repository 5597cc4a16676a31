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
      <AuditFields draft={draft} onChange={set} example="api_key.created" />
    </FilterForm>
  );
}

interface AuditFieldsProps {
  draft: AuditFilters;
  onChange(patch: Partial<AuditFilters>): void;
  /** An action worth showing as the placeholder where these fields stand. */
  example: string;
}

/** The action and start an audit log is narrowed by, the same in a project's and the platform's. */
export function AuditFields({ draft, onChange, example }: AuditFieldsProps) {
  return (
    <>
      <TextInput
        label="Action"
        description="Exact match"
        placeholder={example}
        value={draft.action}
        onChange={(e) => onChange({ action: e.currentTarget.value })}
      />
      <TextInput
        type="datetime-local"
        label="Since"
        value={isoToLocalInput(draft.from)}
        onChange={(e) => onChange({ from: localInputToIso(e.currentTarget.value) ?? '' })}
      />
    </>
  );
}
