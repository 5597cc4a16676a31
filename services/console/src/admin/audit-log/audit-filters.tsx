import { Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { isoToLocalInput } from '../../shared/date-range-inputs';
import { FilterForm } from '../../shared/filter-form';
import { localInputToIso } from '../../shared/format';
import { ScopeInputs, trimmed } from '../scope-inputs';
import { ACTOR_TYPES } from './actor-type';

export const AUDIT_FILTER_KEYS = ['action', 'from', 'organization_id', 'project_id', 'actor_type'] as const;
export type AuditFilters = Record<(typeof AUDIT_FILTER_KEYS)[number], string>;

const EMPTY: AuditFilters = { action: '', from: '', organization_id: '', project_id: '', actor_type: '' };

/** GET /admin/audit-log's filters; the caller keys it on the URL, so back and forward reset what it shows. */
export function AuditFilterForm({ applied, onApply }: { applied: AuditFilters; onApply(filters: AuditFilters): void }) {
  const [draft, setDraft] = useState(applied);
  const set = (patch: Partial<AuditFilters>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <FilterForm
      label="the platform audit log"
      onApply={() => onApply(trimmed(draft))}
      onClear={() => {
        setDraft(EMPTY);
        onApply(EMPTY);
      }}
    >
      <TextInput
        label="Action"
        description="Exact match"
        placeholder="api_key.revoked"
        value={draft.action}
        onChange={(e) => set({ action: e.currentTarget.value })}
      />
      <TextInput
        type="datetime-local"
        label="Since"
        value={isoToLocalInput(draft.from)}
        onChange={(e) => set({ from: localInputToIso(e.currentTarget.value) ?? '' })}
      />
      <Select
        label="Actor"
        placeholder="anyone"
        data={ACTOR_TYPES}
        value={draft.actor_type || null}
        onChange={(v) => set({ actor_type: v ?? '' })}
        clearable
      />
      <ScopeInputs organizationId={draft.organization_id} projectId={draft.project_id} onChange={set} />
    </FilterForm>
  );
}
