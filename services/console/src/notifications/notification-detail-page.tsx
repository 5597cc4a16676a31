import { Anchor, Code, Loader, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { ErrorAlert } from '../shared/error-alert';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { StatusBadge } from '../shared/status-badge';
import { AttemptTimeline } from './attempt-timeline';
import { isFinal, useNotification } from './notifications.query';

/** One delivery: to whom, how it stands, and every attempt; live while another attempt is to come. */
export function NotificationDetailPage() {
  const projectId = useProjectId();
  const { notificationId = '' } = useParams();
  const notification = useNotification(notificationId);
  const n = notification.data;
  return (
    <Page title={n ? `Notification to ${n.recipient}` : 'Notification'}>
      <Anchor component={Link} to={`/projects/${projectId}/notifications`} size="sm">
        All notifications
      </Anchor>
      <ErrorAlert error={notification.error} title="Could not load the notification" />
      {notification.isLoading && <Loader aria-label="Loading the notification" />}
      {n && (
        <>
          <Text size="sm" role="status">
            {isFinal(n.status) ? '' : 'Another attempt is to come: this page refreshes every 2 s.'}
          </Text>
          <Table withRowBorders={false} maw={720}>
            <Table.Caption>About this notification</Table.Caption>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row" w={180}>
                  Status
                </Table.Th>
                <Table.Td>
                  <StatusBadge status={n.status} />
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Channel</Table.Th>
                <Table.Td>{n.channel}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Recipient</Table.Th>
                <Table.Td>{n.recipient}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Retries</Table.Th>
                <Table.Td>{n.retry_count}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Created</Table.Th>
                <Table.Td>{formatTime(n.created_at)}</Table.Td>
              </Table.Tr>
              {n.last_error && (
                <Table.Tr>
                  <Table.Th scope="row">Last error</Table.Th>
                  <Table.Td>{n.last_error}</Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Th scope="row">Notification ID</Table.Th>
                <Table.Td>
                  <Code>{n.id}</Code>
                </Table.Td>
              </Table.Tr>
              {n.event_id && (
                <Table.Tr>
                  <Table.Th scope="row">Event</Table.Th>
                  <Table.Td>
                    <Anchor component={Link} to={`/projects/${projectId}/events/${n.event_id}`}>
                      Open the event
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          <Title order={2} size="h3">
            Attempts
          </Title>
          <AttemptTimeline
            logs={n.notification_logs}
            channel={n.channel}
            status={n.status}
            label={`Attempts for ${n.recipient} by ${n.channel}`}
          />
        </>
      )}
    </Page>
  );
}
