import { Anchor } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { PagedTable } from '../shared/paged-table';
import { StatusBadge } from '../shared/status-badge';
import { useUrlFilters } from '../shared/url-filters';
import { NOTIFICATION_FILTER_KEYS, NotificationFilterForm } from './notification-filters';
import { useNotifications } from './notifications.query';

/** Every delivery of the project, searchable by who it went to: "did ada@example.com get her receipt?" */
export function NotificationsPage() {
  const projectId = useProjectId();
  const [params] = useSearchParams();
  const { filters, query, page, setFilters, setPage } = useUrlFilters(NOTIFICATION_FILTER_KEYS);
  const notifications = useNotifications(query, page);
  const filtered = Object.keys(query).length > 0;
  const base = `/projects/${projectId}`;
  return (
    <Page title="Notifications">
      <NotificationFilterForm key={params.toString()} applied={filters} onApply={setFilters} />
      <PagedTable
        list={notifications}
        what="the notifications"
        caption={filtered ? 'Notifications matching the filters, newest first' : 'Notifications, newest first'}
        columns={[
          { header: 'Created', cell: (n) => formatTime(n.created_at) },
          {
            header: 'Recipient',
            cell: (n) => (
              <Anchor component={Link} to={`${base}/notifications/${n.id}`}>
                {n.recipient}
              </Anchor>
            ),
          },
          { header: 'Channel', cell: (n) => n.channel },
          { header: 'Status', cell: (n) => <StatusBadge status={n.status} /> },
          { header: 'Retries', cell: (n) => n.retry_count },
          {
            header: 'Event',
            cell: (n) => (
              <Anchor component={Link} to={`${base}/events/${n.event_id}`} aria-label={`Open event of the ${n.channel} to ${n.recipient}`}>
                Open event
              </Anchor>
            ),
          },
        ]}
        rowKey={(n) => n.id}
        empty={filtered ? 'No notification matches these filters.' : 'No notification yet.'}
        page={page}
        onPage={setPage}
        unit="notifications"
        highlightOnHover
      />
    </Page>
  );
}
