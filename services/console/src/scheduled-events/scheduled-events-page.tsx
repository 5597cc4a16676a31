import { Anchor, Loader, NativeSelect, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { useMayWriteProject } from '../projects/project-role';
import { ErrorAlert } from '../shared/error-alert';
import { FilterForm } from '../shared/filter-form';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { Pager } from '../shared/pager';
import { StatusBadge } from '../shared/status-badge';
import { useUrlFilters } from '../shared/url-filters';
import { CancelButton, useCancelScheduledEventDialog } from './cancel-scheduled-event';
import { knownStatus, STATUSES, useScheduledEventList } from './scheduled-events.query';

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
      <ErrorAlert error={list.error} title="Could not load the scheduled events" />
      {cancelling.view}
      {list.isLoading && <Loader aria-label="Loading scheduled events" />}
      {list.data && (
        <>
          <Table striped highlightOnHover>
            <Table.Caption>Scheduled events{status ? ` that are ${status}` : ''}, the most recently scheduled first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Event type</Table.Th>
                <Table.Th scope="col">Scheduled for</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Priority</Table.Th>
                <Table.Th scope="col">Scheduled on</Table.Th>
                {mayWrite && <Table.Th scope="col">Action</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/projects/${projectId}/scheduled-events/${e.id}`}>
                      {e.event_type}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatTime(e.scheduled_for)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={e.status} />
                  </Table.Td>
                  <Table.Td>{e.priority}</Table.Td>
                  <Table.Td>{formatTime(e.created_at)}</Table.Td>
                  {mayWrite && (
                    <Table.Td>{e.status === 'pending' && <CancelButton event={e} onClick={() => cancelling.ask(e)} />}</Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {list.data.items.length === 0 && <Text>No scheduled event{status ? ` is ${status}` : ' yet'}.</Text>}
          <Pager page={page} totalPages={list.data.total_pages} total={list.data.total} onChange={setPage} label="scheduled events" />
        </>
      )}
    </Page>
  );
}
