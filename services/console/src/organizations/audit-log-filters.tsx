import { NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { isoToLocalInput } from '../shared/date-range-inputs';
import { FilterForm } from '../shared/filter-form';
import { localInputToIso } from '../shared/format';

export const AUDIT_KEYS = ['action', 'from', 'project_id'] as const;
export type AuditFilters = Record<(typeof AUDIT_KEYS)[number], string>;

const EMPTY: AuditFilters = { action: '', from: '', project_id: '' };

/** What the organization's entries are called, for the action field's suggestions. */
const ACTIONS = [
  'invitation.created',
  'invitation.accepted',
  'invitation.revoked',
  'member.role_changed',
  'member.removed',
  'organization.created',
  'organization.updated',
  'project.created',
  'project.updated',
  'project.deleted',
  'project.signing_secret_rotated',
];

interface Props {
  value: AuditFilters;
  projects: Array<{ id: string; name: string }>;
  onApply(next: AuditFilters): void;
}

/** The audit log's filters, applied together; the parent remounts it when the URL changes. */
export function AuditLogFilters({ value, projects, onApply }: Props) {
  const [draft, setDraft] = useState(value);
  return (
    <FilterForm
      label="audit log"
      onApply={() => onApply({ ...draft, action: draft.action.trim() })}
      onClear={() => {
        setDraft(EMPTY);
        onApply(EMPTY);
      }}
    >
      <TextInput
        label="Action"
        description="Exact, e.g. member.removed"
        list="organization-audit-actions"
        value={draft.action}
        onChange={(e) => setDraft({ ...draft, action: e.currentTarget.value })}
        maxLength={100}
      />
      <datalist id="organization-audit-actions">
        {ACTIONS.map((action) => (
          <option key={action} value={action} />
        ))}
      </datalist>
      <TextInput
        type="datetime-local"
        label="From"
        description="Entries at or after"
        value={isoToLocalInput(draft.from)}
        onChange={(e) => setDraft({ ...draft, from: localInputToIso(e.currentTarget.value) ?? '' })}
      />
      <NativeSelect
        label="In project"
        description="Only one project's entries"
        value={draft.project_id}
        onChange={(e) => setDraft({ ...draft, project_id: e.currentTarget.value })}
        data={[{ value: '', label: 'Any' }, ...projects.map((p) => ({ value: p.id, label: p.name }))]}
      />
    </FilterForm>
  );
}
