import { NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DateRangeInputs } from '../shared/date-range-inputs';
import { FilterForm } from '../shared/filter-form';
import { EVENT_STATUSES, PRIORITIES } from './events.query';

export const EVENT_FILTER_KEYS = ['status', 'priority', 'event_type', 'date_from', 'date_to'] as const;
export type EventFilters = Record<(typeof EVENT_FILTER_KEYS)[number], string>;

const EMPTY: EventFilters = { status: '', priority: '', event_type: '', date_from: '', date_to: '' };

const options = (any: string, values: readonly string[]) => [
  { value: '', label: any },
  ...values.map((v) => ({ value: v, label: v.replace(/_/g, ' ') })),
];

/** GET /events's filters; the caller keys it on the URL, so back and forward reset what it shows. */
export function EventFilterForm({ applied, onApply }: { applied: EventFilters; onApply(filters: EventFilters): void }) {
  const [draft, setDraft] = useState(applied);
  const set = (patch: Partial<EventFilters>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <FilterForm
      label="events"
      onApply={() => onApply({ ...draft, event_type: draft.event_type.trim() })}
      onClear={() => {
        setDraft(EMPTY);
        onApply(EMPTY);
      }}
    >
      <NativeSelect
        label="Status"
        data={options('Any status', EVENT_STATUSES)}
        value={draft.status}
        onChange={(e) => set({ status: e.currentTarget.value })}
      />
      <NativeSelect
        label="Priority"
        data={options('Any priority', PRIORITIES)}
        value={draft.priority}
        onChange={(e) => set({ priority: e.currentTarget.value })}
      />
      <TextInput
        label="Event type"
        description="Exact match"
        placeholder="order.shipped"
        value={draft.event_type}
        onChange={(e) => set({ event_type: e.currentTarget.value })}
      />
      <DateRangeInputs from={draft.date_from} to={draft.date_to} onChange={({ from, to }) => set({ date_from: from, date_to: to })} />
    </FilterForm>
  );
}
