import { Anchor } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { PagedTable } from '../shared/paged-table';
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
      <PagedTable
        list={events}
        what="the events"
        caption={filtered ? 'Events matching the filters, newest first' : 'Events, newest first'}
        columns={[
          { header: 'Created', cell: (event) => formatTime(event.created_at) },
          {
            header: 'Event type',
            cell: (event) => (
              <Anchor component={Link} to={`/projects/${projectId}/events/${event.id}`}>
                {event.event_type}
              </Anchor>
            ),
          },
          { header: 'Status', cell: (event) => <StatusBadge status={event.status} /> },
          { header: 'Priority', cell: (event) => event.priority },
          { header: 'Recipients', cell: (event) => event.recipient_count },
          { header: 'Deliveries', cell: (event) => <DeliveryCounts event={event} /> },
        ]}
        rowKey={(event) => event.id}
        empty={filtered ? 'No event matches these filters.' : 'No event yet: send one with POST /events.'}
        page={page}
        onPage={setPage}
        unit="events"
        highlightOnHover
      />
    </Page>
  );
}
