import { NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import { useMayWriteProject } from '../projects/project-role';
import { CHANNEL_OPTIONS, channelLabel, type Channel } from '../shared/channels';
import { FilterForm } from '../shared/filter-form';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { noWrap, PagedTable, type Column } from '../shared/paged-table';
import { useUrlFilters } from '../shared/url-filters';
import { AddSuppressionForm } from './add-suppression-form';
import { RemoveSuppressionButton } from './remove-suppression-button';
import { reasonLabel, sourceLabel, useSuppressionList, type Suppression } from './suppressions.query';

const FILTER_KEYS = ['channel'] as const;

const COLUMNS: Column<Suppression>[] = [
  { header: 'Recipient', cell: (s) => s.recipient, td: () => ({ style: { overflowWrap: 'anywhere' } }) },
  { header: 'Channel', cell: (s) => channelLabel(s.channel) },
  { header: 'Reason', cell: (s) => `${reasonLabel(s.reason)}${s.category ? ` (${s.category} only)` : ''}` },
  { header: 'Added by', cell: (s) => sourceLabel(s.source) },
  { header: 'Since', cell: (s) => formatTime(s.created_at), td: noWrap },
];

const ACTION: Column<Suppression> = { header: 'Action', cell: (s) => <RemoveSuppressionButton suppression={s} /> };

/** A channel from the URL, which anyone may have edited: one the api does not know filters nothing. */
function knownChannel(value: string): Channel | undefined {
  return CHANNEL_OPTIONS.find((c) => c.value === value)?.value;
}

/** The list's one filter; remounted when the URL changes (back button), so it shows what the list shows. */
function ChannelFilter({ value, onApply }: { value: string; onApply(channel: string): void }) {
  const [draft, setDraft] = useState(value);
  return (
    <FilterForm
      label="suppressions"
      onApply={() => onApply(draft)}
      onClear={() => {
        setDraft('');
        onApply('');
      }}
    >
      <NativeSelect
        label="Channel"
        data={[{ value: '', label: 'Any channel' }, ...CHANNEL_OPTIONS]}
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
      />
    </FilterForm>
  );
}

/** Recipients the project never sends to on a channel: a list by channel, add one, remove one. */
export function SuppressionsPage() {
  const { filters, page, setFilters, setPage } = useUrlFilters(FILTER_KEYS);
  const channel = knownChannel(filters.channel);
  const list = useSuppressionList(channel, page);
  const mayWrite = useMayWriteProject();
  return (
    <Page title="Suppressions">
      <Text size="sm" c="dimmed">
        Herald never sends to a suppressed recipient on that channel: their notifications end <em>suppressed</em> and do not count as
        failures. Hard bounces and spam complaints reported by a provider land here too.
      </Text>
      {mayWrite && <AddSuppressionForm />}
      {mayWrite === false && <Text size="sm">Your role can read suppressions; adding or removing one needs the developer role.</Text>}
      <ChannelFilter key={filters.channel} value={filters.channel} onApply={(next) => setFilters({ channel: next })} />
      <PagedTable
        list={list}
        what="the suppressions"
        caption={channel ? `Suppressed ${channelLabel(channel)} recipients` : 'Suppressed recipients on every channel'}
        columns={mayWrite ? [...COLUMNS, ACTION] : COLUMNS}
        rowKey={(s) => s.id}
        empty={`No recipient is suppressed${channel ? ` on ${channelLabel(channel)}` : ''}.`}
        page={page}
        onPage={setPage}
        unit="suppressions"
      />
    </Page>
  );
}
