import { Loader, NativeSelect, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useMayWriteProject } from '../projects/project-role';
import { CHANNEL_OPTIONS, channelLabel, type Channel } from '../shared/channels';
import { ErrorAlert } from '../shared/error-alert';
import { FilterForm } from '../shared/filter-form';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { Pager } from '../shared/pager';
import { useUrlFilters } from '../shared/url-filters';
import { AddSuppressionForm } from './add-suppression-form';
import { RemoveSuppressionButton } from './remove-suppression-button';
import { reasonLabel, sourceLabel, useSuppressionList } from './suppressions.query';

const FILTER_KEYS = ['channel'] as const;

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
      <ErrorAlert error={list.error} title="Could not load the suppressions" />
      {list.isLoading && <Loader aria-label="Loading suppressions" />}
      {list.data && (
        <>
          <Table striped>
            <Table.Caption>
              {channel ? `Suppressed ${channelLabel(channel)} recipients` : 'Suppressed recipients on every channel'}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Recipient</Table.Th>
                <Table.Th scope="col">Channel</Table.Th>
                <Table.Th scope="col">Reason</Table.Th>
                <Table.Th scope="col">Added by</Table.Th>
                <Table.Th scope="col">Since</Table.Th>
                {mayWrite && <Table.Th scope="col">Action</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.recipient}</Table.Td>
                  <Table.Td>{channelLabel(s.channel)}</Table.Td>
                  <Table.Td>
                    {reasonLabel(s.reason)}
                    {s.category ? ` (${s.category} only)` : ''}
                  </Table.Td>
                  <Table.Td>{sourceLabel(s.source)}</Table.Td>
                  <Table.Td>{formatTime(s.created_at)}</Table.Td>
                  {mayWrite && (
                    <Table.Td>
                      <RemoveSuppressionButton suppression={s} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {list.data.items.length === 0 && <Text>No recipient is suppressed{channel ? ` on ${channelLabel(channel)}` : ''}.</Text>}
          <Pager page={page} totalPages={list.data.total_pages} total={list.data.total} onChange={setPage} label="suppressions" />
        </>
      )}
    </Page>
  );
}
