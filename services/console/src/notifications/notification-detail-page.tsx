import { Anchor, Code, Loader, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useProjectId } from '../projects/current-project';
import { ErrorAlert } from '../shared/error-alert';
import { FactsTable } from '../shared/facts-table';
import { formatTime } from '../shared/format';
import { Page } from '../shared/page';
import { StatusBadge } from '../shared/status-badge';
import { AttemptTimeline } from './attempt-timeline';
import { isFinal, useNotification, type NotificationDetail } from './notifications.query';

/** What the notification is and where it stands, as name-value rows. */
function Summary({ notification: n, projectId }: { notification: NotificationDetail; projectId: string }) {
  const rows: Array<[string, ReactNode]> = [
    ['Status', <StatusBadge key="status" status={n.status} />],
    ['Channel', n.channel],
    ['Recipient', n.recipient],
    ['Retries', n.retry_count],
    ['Created', formatTime(n.created_at)],
  ];
  if (n.last_error) rows.push(['Last error', n.last_error]);
  rows.push(['Notification ID', <Code key="id">{n.id}</Code>]);
  if (n.event_id) {
    const event = (
      <Anchor key="event" component={Link} to={`/projects/${projectId}/events/${n.event_id}`}>
        Open the event
      </Anchor>
    );
    rows.push(['Event', event]);
  }
  return <FactsTable caption="About this notification" rows={rows} nameWidth={180} />;
}

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
          <Summary notification={n} projectId={projectId} />
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
