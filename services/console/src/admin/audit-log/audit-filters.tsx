import { Select } from '@mantine/core';
import { useState } from 'react';
import { FilterForm } from '../../shared/filter-form';
import { AuditFields } from '../../audit/audit-filters';
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
      <AuditFields draft={draft} onChange={set} example="api_key.revoked" />
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
