import { Anchor, Loader, Table, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { ErrorAlert } from '../shared/error-alert';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { Pager } from '../shared/pager';
import { StatusBadge } from '../shared/status-badge';
import { useUrlFilters } from '../shared/url-filters';
import { EVENT_FILTER_KEYS, EventFilterForm } from './event-filters';
import { useEvents } from './events.query';
import { DeliveryCounts } from './delivery-counts';

/** The project's events, newest first, filtered as the URL says; each opens its deliveries. */
export function EventsPage() {
  const projectId = useProjectId();
  const [params] = useSearchParams();
  const { filters, query, page, setFilters, setPage } = useUrlFilters(EVENT_FILTER_KEYS);
  const events = useEvents(query, page);
  const filtered = Object.keys(query).length > 0;
  return (
    <Page title="Events">
      <EventFilterForm key={params.toString()} applied={filters} onApply={setFilters} />
      <ErrorAlert error={events.error} title="Could not load the events" />
      {events.isLoading && <Loader aria-label="Loading events" />}
      {events.data && (
        <>
          <Table striped highlightOnHover>
            <Table.Caption>{filtered ? 'Events matching the filters, newest first' : 'Events, newest first'}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Created</Table.Th>
                <Table.Th scope="col">Event type</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Priority</Table.Th>
                <Table.Th scope="col">Recipients</Table.Th>
                <Table.Th scope="col">Deliveries</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.data.items.map((event) => (
                <Table.Tr key={event.id}>
                  <Table.Td>{formatTime(event.created_at)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/projects/${projectId}/events/${event.id}`}>
                      {event.event_type}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={event.status} />
                  </Table.Td>
                  <Table.Td>{event.priority}</Table.Td>
                  <Table.Td>{event.recipient_count}</Table.Td>
                  <Table.Td>
                    <DeliveryCounts event={event} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {events.data.items.length === 0 && (
            <Text>{filtered ? 'No event matches these filters.' : 'No event yet: send one with POST /events.'}</Text>
          )}
          <Pager page={page} totalPages={events.data.total_pages} total={events.data.total} onChange={setPage} label="events" />
        </>
      )}
    </Page>
  );
}
