import { Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FilterForm } from '../../shared/filter-form';
import { ScopeInputs, trimmed } from '../scope-inputs';

export const KEY_FILTER_KEYS = ['organization_id', 'project_id', 'prefix', 'status'] as const;
export type KeyFilters = Record<(typeof KEY_FILTER_KEYS)[number], string>;

const EMPTY: KeyFilters = { organization_id: '', project_id: '', prefix: '', status: '' };
const STATUSES = ['active', 'expiring', 'expired', 'revoked'];

/** GET /admin/api-keys's filters; the caller keys it on the URL, so back and forward reset what it shows. */
export function KeyFilterForm({ applied, onApply }: { applied: KeyFilters; onApply(filters: KeyFilters): void }) {
  const [draft, setDraft] = useState(applied);
  const set = (patch: Partial<KeyFilters>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <FilterForm
      label="API keys"
      onApply={() => onApply(trimmed(draft))}
      onClear={() => {
        setDraft(EMPTY);
        onApply(EMPTY);
      }}
    >
      <ScopeInputs organizationId={draft.organization_id} projectId={draft.project_id} onChange={set} />
      <TextInput label="Prefix" placeholder="hk_live_ab" value={draft.prefix} onChange={(e) => set({ prefix: e.currentTarget.value })} />
      <Select
        label="Status"
        placeholder="any"
        data={STATUSES}
        value={draft.status || null}
        onChange={(v) => set({ status: v ?? '' })}
        clearable
      />
    </FilterForm>
  );
}
