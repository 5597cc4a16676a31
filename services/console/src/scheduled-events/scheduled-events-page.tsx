import { Anchor, NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { useMayWriteProject } from '../projects/project-role';
import { FilterForm } from '../shared/filter-form';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { PagedTable } from '../shared/paged-table';
import { StatusBadge } from '../shared/status-badge';
import { useUrlFilters } from '../shared/url-filters';
import { CancelButton, useCancelScheduledEventDialog } from './cancel-scheduled-event';
import { knownStatus, STATUSES, useScheduledEventList, type ScheduledEvent } from './scheduled-events.query';

const FILTER_KEYS = ['status'] as const;

/** The list's one filter; remounted when the URL changes (back button), so it shows what the list shows. */
function StatusFilter({ value, onApply }: { value: string; onApply(status: string): void }) {
  const [draft, setDraft] = useState(value);
  return (
    <FilterForm
      label="scheduled events"
      onApply={() => onApply(draft)}
      onClear={() => {
        setDraft('');
        onApply('');
      }}
    >
      <NativeSelect
        label="Status"
        data={[{ value: '', label: 'Any status' }, ...STATUSES]}
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
      />
    </FilterForm>
  );
}

/** Events to be published later, newest scheduled first: filter by status, open one, cancel a pending one. */
export function ScheduledEventsPage() {
  const projectId = useProjectId();
  const { filters, page, setFilters, setPage } = useUrlFilters(FILTER_KEYS);
  const status = knownStatus(filters.status);
  const list = useScheduledEventList(status, page);
  const mayWrite = useMayWriteProject();
  const cancelling = useCancelScheduledEventDialog();
  return (
    <Page title="Scheduled events">
      <Text size="sm" c="dimmed">
        Events sent with a time in the future (POST /scheduled-events). At their time the scheduler publishes each as a regular event; until
        then a pending one can be cancelled.
      </Text>
      <StatusFilter key={filters.status} value={filters.status} onApply={(next) => setFilters({ status: next })} />
      {cancelling.view}
      <PagedTable
        list={list}
        what="the scheduled events"
        caption={`Scheduled events${status ? ` that are ${status}` : ''}, the most recently scheduled first`}
        columns={[
          {
            header: 'Event type',
            cell: (e) => (
              <Anchor component={Link} to={`/projects/${projectId}/scheduled-events/${e.id}`}>
                {e.event_type}
              </Anchor>
            ),
          },
          { header: 'Scheduled for', cell: (e) => formatTime(e.scheduled_for) },
          { header: 'Status', cell: (e) => <StatusBadge status={e.status} /> },
          { header: 'Priority', cell: (e) => e.priority },
          { header: 'Scheduled on', cell: (e) => formatTime(e.created_at) },
          ...(mayWrite
            ? [
                {
                  header: 'Action',
                  cell: (e: ScheduledEvent) => e.status === 'pending' && <CancelButton event={e} onClick={() => cancelling.ask(e)} />,
                },
              ]
            : []),
        ]}
        rowKey={(e) => e.id}
        empty={`No scheduled event${status ? ` is ${status}` : ' yet'}.`}
        page={page}
        onPage={setPage}
        unit="scheduled events"
        highlightOnHover
      />
    </Page>
  );
}
