import { Anchor, Loader, Table, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { ErrorAlert } from '../shared/error-alert';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { Pager } from '../shared/pager';
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
      <ErrorAlert error={notifications.error} title="Could not load the notifications" />
      {notifications.isLoading && <Loader aria-label="Loading notifications" />}
      {notifications.data && (
        <>
          <Table striped highlightOnHover>
            <Table.Caption>{filtered ? 'Notifications matching the filters, newest first' : 'Notifications, newest first'}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Created</Table.Th>
                <Table.Th scope="col">Recipient</Table.Th>
                <Table.Th scope="col">Channel</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Retries</Table.Th>
                <Table.Th scope="col">Event</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {notifications.data.items.map((n) => (
                <Table.Tr key={n.id}>
                  <Table.Td>{formatTime(n.created_at)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`${base}/notifications/${n.id}`}>
                      {n.recipient}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{n.channel}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={n.status} />
                  </Table.Td>
                  <Table.Td>{n.retry_count}</Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`${base}/events/${n.event_id}`}
                      aria-label={`Open event of the ${n.channel} to ${n.recipient}`}
                    >
                      Open event
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {notifications.data.items.length === 0 && (
            <Text>{filtered ? 'No notification matches these filters.' : 'No notification yet.'}</Text>
          )}
          <Pager
            page={page}
            totalPages={notifications.data.total_pages}
            total={notifications.data.total}
            onChange={setPage}
            label="notifications"
          />
        </>
      )}
    </Page>
  );
}
