import { NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DateRangeInputs } from '../shared/date-range-inputs';
import { FilterForm } from '../shared/filter-form';
import { CHANNELS, NOTIFICATION_STATUSES } from './notifications.query';

export const NOTIFICATION_FILTER_KEYS = ['recipient', 'channel', 'status', 'date_from', 'date_to'] as const;
export type NotificationFilters = Record<(typeof NOTIFICATION_FILTER_KEYS)[number], string>;

const EMPTY: NotificationFilters = { recipient: '', channel: '', status: '', date_from: '', date_to: '' };

const options = (any: string, values: readonly string[]) => [{ value: '', label: any }, ...values.map((v) => ({ value: v, label: v }))];

/** GET /notifications's filters; the caller keys it on the URL, so back and forward reset what it shows. */
export function NotificationFilterForm({
  applied,
  onApply,
}: {
  applied: NotificationFilters;
  onApply(filters: NotificationFilters): void;
}) {
  const [draft, setDraft] = useState(applied);
  const set = (patch: Partial<NotificationFilters>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <FilterForm
      label="notifications"
      onApply={() => onApply({ ...draft, recipient: draft.recipient.trim() })}
      onClear={() => {
        setDraft(EMPTY);
        onApply(EMPTY);
      }}
    >
      <TextInput
        label="Recipient"
        description="The exact address, phone number or URL"
        placeholder="ada@example.com"
        miw={260}
        value={draft.recipient}
        onChange={(e) => set({ recipient: e.currentTarget.value })}
      />
      <NativeSelect
        label="Channel"
        data={options('Any channel', CHANNELS)}
        value={draft.channel}
        onChange={(e) => set({ channel: e.currentTarget.value })}
      />
      <NativeSelect
        label="Status"
        data={options('Any status', NOTIFICATION_STATUSES)}
        value={draft.status}
        onChange={(e) => set({ status: e.currentTarget.value })}
      />
      <DateRangeInputs from={draft.date_from} to={draft.date_to} onChange={({ from, to }) => set({ date_from: from, date_to: to })} />
    </FilterForm>
  );
}
